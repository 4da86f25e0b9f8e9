import Foundation
import GeneratedInputs
import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yImport
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// Issue 24: stages whose cost grows with their input ask the interrupt as they go (not only
/// between stages), and none is quadratic: the Figma importer pays its outline tests from a
/// per-request allowance, `tab-set-selection` looks each tab up by label.
@Suite struct StoppableStageTests {
    typealias Poll = AuditInterruptTests.Poll

    /// A tab set of `n` titles over `n` buttons labelled "Tab <title>" in the reverse order;
    /// the first tab is selected and reads so unless `misread`.
    static func tabTitles(_ n: Int, misread: Int? = nil) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"tabSet\",\(HostileRequest.frame(0)),\"component\":{\"selectedTab\":\"t0\",\"tabs\":["
            + (0..<n).map { "{\"id\":\"t\($0)\",\"title\":\"Title \($0)\"}" }.joined(separator: ",")
            + "]},\"children\":["
            + (0..<n).reversed().map { k in
                let label = k == misread ? "Other \(k)" : "Tab Title \(k)"
                return "{\"type\":\"button\",\"label\":\"\(label)\"\(k == 0 ? ",\"value\":\"Selected\"" : ""),\(HostileRequest.frame(k))}"
            }.joined(separator: ",")
            + "]}}"
    }

    private func importFigma(_ json: String, _ interrupt: AuditInterrupt) -> Result<[FigmaImporter.Screen], InputError> {
        Array(json.utf8).withUnsafeBytes { raw in
            Result { () throws(InputError) in try FigmaImporter.screens(raw, interrupt: interrupt) }
        }
    }

    @Test func theFigmaImporterAsksTheInterruptWhileItTestsOutlines() throws {
        let json = FigmaOutlines.json(300)
        let counting = Poll(firesAt: .max, reason: .cancelled)
        _ = try importFigma(json, counting.interrupt).get()
        // 300 texts × 9 points × ~1,200 edges and paths: dozens of polls inside the importer.
        #expect(counting.polls > 10)
        // A client gone mid-import stops it there, with the poll's reason.
        let poll = Poll(firesAt: 5, reason: .cancelled)
        guard case .failure(let error) = importFigma(json, poll.interrupt) else {
            Issue.record("the import did not stop")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(poll.polls == 5, "stopped at the first poll that answered")
    }

    @Test func outlineTestsPastTheAllowanceJudgeTheShapeByItsBox() throws {
        let square = try #require(FigmaOutline(path: "M0 0L100 0L100 100L0 100Z", windingRule: "NONZERO"))
        var layer = FigmaLayer()
        layer.outline = [square]
        let box = Rect(x: 0, y: 0, width: 100, height: 100), region = Rect(x: 10, y: 10, width: 20, height: 20)
        let poll = InterruptPoll.importing(.never)
        var ample = FigmaBackdrop.OutlineAllowance(.max)
        #expect(try FigmaBackdrop.coverage(of: layer, at: box, region: region, straight: true, poll: poll, outlineTests: &ample) == .all)
        #expect(ample.remaining == .max - 9 * square.cost, "9 points, each paid by the outline's edges and paths")
        // Nothing left to pay with: the box alone decides, as without geometry.
        var spent = FigmaBackdrop.OutlineAllowance(9 * square.cost - 1)
        #expect(try FigmaBackdrop.coverage(of: layer, at: box, region: region, straight: true, poll: poll, outlineTests: &spent) == .part)
    }

    @Test func theFigmaShapeIsDecidedByGeometryWithinTheAllowance() throws {
        // Dark text on the dark shape (slivers cover part of each text): measured both ways,
        // so incomplete, never a crash or a wrong verdict; the answer lists every text.
        let run = try Tree.audit(FigmaOutlines.json(200)).get()
        #expect(run.screens.count == 1)
        #expect(run.screens[0].report.analysis.document.nodes.count == 202)
    }

    @Test func longListsOfFixedBaselineEntriesAreWrittenAskingTheInterrupt() throws {
        // Every unmatched fingerprint of `options.baseline` is a fixed entry in every format.
        let fingerprints = (0..<5_000).map { "\"\(String($0, radix: 16))\"" }.joined(separator: ",")
        let json = "{\"options\":{\"baseline\":{\"fingerprints\":[\(fingerprints)]}},\"root\":{\"type\":\"view\"}}"
        let run = try Tree.audit(json).get()
        // (SARIF only counts fixed entries: GitHub would show them as open results.)
        for format in [OutputFormat.json, .text, .report(.junit), .report(.html)] {
            let counting = Poll(firesAt: .max, reason: .cancelled)
            _ = try Result { () throws(InputError) in try run.render(format, interrupt: counting.interrupt) }.get()
            #expect(counting.polls >= 5, "\(format): one poll per 1,024 entries written")
            let poll = Poll(firesAt: 3, reason: .cancelled)
            let stopped = Result { () throws(InputError) in try run.render(format, interrupt: poll.interrupt) }
            guard case .failure(let error) = stopped else {
                Issue.record("\(format): the writer did not stop")
                continue
            }
            #expect(error.kind == .cancelled)
        }
    }

    @Test func tabSetSelectionFindsEachTabByItsLabel() throws {
        #expect(try RuleFixture.findings(.tabSetSelection, Self.tabTitles(300)).isEmpty)
        let findings = try RuleFixture.findings(.tabSetSelection, Self.tabTitles(300, misread: 7))
        #expect(findings.map(\.message) == ["Tab \"Title 7\" is not exposed to the screen reader."])
    }

    @Test func tabSetSelectionAsksTheInterruptMidRule() throws {
        let analysis = try Tree.analyze(Self.tabTitles(20_000))
        var options = analysis.document.options
        options.only = [Located(Rule.tabSetSelection.id, at: "/o")]
        func run(_ poll: Poll) -> InputError? {
            var meter = OutputMeter(AuditBudget.default, for: analysis.document)
            do throws(InputError) {
                _ = try RuleRunner.run(analysis, options: options, table: .registry, budget: .default, meter: &meter,
                                       interrupt: poll.interrupt)
                return nil
            } catch { return error }
        }
        let counting = Poll(firesAt: .max, reason: .timeBudget)
        #expect(run(counting) == nil)
        // The runner asks before and after the one rule; the rest are the rule's own.
        #expect(counting.polls >= 4)
        let poll = Poll(firesAt: 3, reason: .timeBudget)
        #expect(run(poll)?.kind == .timeBudget)
        #expect(poll.polls == 3)
    }
}
