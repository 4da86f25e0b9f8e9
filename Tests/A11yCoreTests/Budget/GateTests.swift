import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// Issue 24, "green by accident": the gate (`fails`), the summary counts and every report
/// format come from all findings, whatever a listing leaves out; and what it leaves out,
/// every format says, with the impacts.
@Suite struct GateTests {
    static let formats: [OutputFormat] = [.json, .text, .report(.sarif), .report(.junit), .report(.html)]

    /// `minor` buttons whose names end with a period (`label-trailing-period`, minor, one
    /// finding each), then one critical finding last in reading order: a button with no name.
    static func minorsThenCritical(_ minor: Int) -> String {
        var items = (0..<minor).map { k in
            #"{"type":"button","label":"Item \#(k).","frame":{"x":0,"y":\#(k * 50),"width":300,"height":44}}"#
        }
        items.append(#"{"id":"last","type":"button","frame":{"x":0,"y":\#(minor * 50),"width":300,"height":44}}"#)
        return #"{"root":{"type":"view","children":["# + items.joined(separator: ",") + "]}}"
    }

    static func run(_ json: String) throws -> AuditRun {
        try Tree.audit(json).get()
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func aCriticalFindingPastTheListingCapFailsTheGateAndIsCounted() throws {
        let run = try Self.run(Self.minorsThenCritical(RuleRun.defaultMaxFindings + 1))
        let screen = run.screens[0].report.run
        #expect(screen.findings.count == RuleRun.defaultMaxFindings)
        #expect(screen.findingsOmitted >= 2)
        #expect(!screen.findings.contains { $0.impact == .critical }, "the critical one is past the cap")
        #expect(screen.omitted.contains { $0.impact == .critical && $0.outcome == .violation })
        #expect(run.fails(.default))
        #expect(run.fails(.impact(.critical)))

        let summary = try #require(try Self.object(run.render(.json))["summary"] as? [String: Any])
        let byImpact = try #require(summary["byImpact"] as? [String: Int])
        #expect(byImpact["critical"] == 1)
        let total = byImpact.values.reduce(0, +)
        #expect(total == screen.findings.count + screen.findingsOmitted)
        let omitted = try #require(summary["omitted"] as? [String: Any])
        #expect(omitted["findings"] as? Int == screen.findingsOmitted)
        #expect((omitted["byImpact"] as? [String: Int])?["critical"] == 1)
    }

    @Test func everyFormatSaysWhatItLeftOutAndCountsIt() throws {
        let run = try Self.run(Self.minorsThenCritical(RuleRun.defaultMaxFindings + 1))
        let omitted = run.screens[0].report.run.findingsOmitted

        let sarif = try Self.object(run.render(.report(.sarif)))
        let sarifRun = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let properties = try #require(sarifRun["properties"] as? [String: Any])
        #expect(properties["findingsOmitted"] as? Int == omitted)
        #expect((properties["findingsOmittedByImpact"] as? [String: Int])?["critical"] == 1)
        let invocation = try #require((sarifRun["invocations"] as? [[String: Any]])?.first)
        // One note for the omitted findings (the others say which rules were inapplicable).
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]]).filter {
            ($0["descriptor"] as? [String: Any])?["id"] as? String == "findings-omitted"
        }
        #expect(notes.count == 1)
        #expect(((notes[0]["message"] as? [String: Any])?["text"] as? String)?.contains("1 critical") == true)

        // The critical finding's rule fails its JUnit case although none of its findings is listed.
        let junit = String(decoding: run.render(.report(.junit)), as: UTF8.self)
        let controlName = try #require(junit.range(of: "name=\"control-name\">"))
        let rest = junit[controlName.upperBound...]
        let caseEnd = try #require(rest.range(of: "</testcase>"))
        #expect(rest[..<caseEnd.lowerBound].contains("<failure message=\"1 violation of control-name\" type=\"critical\""))
        #expect(rest[..<caseEnd.lowerBound].contains("1 more not listed"))

        let text = String(decoding: run.render(.text), as: UTF8.self)
        #expect(text.contains("\(omitted) not listed ("))
        #expect(text.contains("1 critical"))
        let html = String(decoding: run.render(.report(.html)), as: UTF8.self)
        #expect(html.contains("\(omitted) findings are not listed here"))

        // What each format adds still passes its checker.
        let schema = ExternalCheck.repository.appendingPathComponent("Tests/A11yCoreTests/Fixtures/Reports/sarif-schema-2.1.0.json").path
        let sarifCheck = try ExternalCheck.python("validate_sarif.py", [schema], on: run.render(.report(.sarif)), suffix: "sarif")
        #expect(sarifCheck.status == 0, "\(sarifCheck.stdout)\(sarifCheck.stderr)")
        let junitCheck = try ExternalCheck.python("parse_junit.py", on: run.render(.report(.junit)), suffix: "xml")
        #expect(junitCheck.status == 0, "\(junitCheck.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(junitCheck.stdout.utf8)) as? [String: Any])
        #expect((parsed["failures"] as? Int ?? 0) >= 2, "label-trailing-period and control-name fail")
        let htmlCheck = try ExternalCheck.python("check_html.py", on: run.render(.report(.html)), suffix: "html")
        #expect(htmlCheck.status == 0, "\(htmlCheck.stdout)\(htmlCheck.stderr)")
    }

    /// A UI Automator dump `depth` levels deep with `buttons` clickable buttons on the same
    /// bounds at the bottom: every element path is `depth` steps long.
    static func deepDumpOfStackedButtons(depth: Int, buttons: Int) -> String {
        let button = Android.node(["class": "android.widget.Button", "clickable": "true", "focusable": "true",
                                   "bounds": "[0,0][20,20]"])
        var body = String(repeating: button, count: buttons)
        for _ in 0..<depth { body = Android.node(["class": "android.widget.FrameLayout"], body) }
        return Android.dump(body)
    }

    static func runAndroid(_ xml: String) throws -> AuditRun {
        try Tree.audit(xml, AuditSettings(inputFormat: .android, density: 1)).get()
    }

    @Test func deepPathsDoNotCrowdOutTheFindingsOfADeepDump() throws {
        let xml = Self.deepDumpOfStackedButtons(depth: 500, buttons: 1_000)
        let run = try Self.runAndroid(xml)
        let report = run.screens[0].report.run
        let serious = report.findings.filter { $0.impact >= .serious && $0.outcome == .violation }
        #expect(!serious.isEmpty, "the serious findings are listed, not crowded out by element paths")
        #expect(run.fails(.default))
        // The stacked buttons' finding names at most a list's worth of their paths, and counts the rest.
        let stacked = try #require(report.findings.first { $0.rule == "duplicate-frame" })
        guard case .nodes(let listed)? = stacked.data.first(where: { $0.key == "conflictingNodes" })?.value,
              case .number(let rest)? = stacked.data.first(where: { $0.key == "conflictingNodesOmitted" })?.value
        else { Issue.record("conflictingNodes and conflictingNodesOmitted expected"); return }
        #expect(listed.count <= AuditBudget.default.maxListEntries)
        #expect(listed.count + Int(rest) == 999)

        let summary = try #require(try Self.object(run.render(.json))["summary"] as? [String: Any])
        let byImpact = try #require(summary["byImpact"] as? [String: Int])
        #expect((byImpact["serious"] ?? 0) + (byImpact["critical"] ?? 0) >= serious.count)
        let sarif = try Self.object(run.render(.report(.sarif)))
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.contains { $0["level"] as? String == "error" })
        let junit = String(decoding: run.render(.report(.junit)), as: UTF8.self)
        #expect(!junit.contains("failures=\"0\""))

        // Within the documented response bound in every format.
        let bound = AuditBudget.responseFactor * xml.utf8.count + AuditBudget.responseConstant
        for format in Self.formats { #expect(run.render(format).count <= bound, "\(format)") }
    }

    @Test func aCriticalFindingPastTheCapFailsAgainstABaselineOfTheListedOnes() throws {
        let json = Self.minorsThenCritical(RuleRun.defaultMaxFindings + 1)
        let run = try Self.run(json)
        // A baseline holding only what was listed: the omitted critical finding is new.
        let listedOnly = Baseline(entries: Baseline(screens: run.screens).entries.filter { $0.message != nil })
        #expect(run.renamed(run.screens, comparedWith: listedOnly).fails(.impact(.critical)))
        // A baseline recorded from the run holds the omitted ones too: nothing is new.
        let recorded = Baseline(screens: run.screens)
        let known = run.renamed(run.screens, comparedWith: recorded)
        #expect(!known.fails(.impact(.minor)))
        #expect(known.comparison?.newCount == 0)
        #expect(known.comparison?.fixedCount == 0)
    }

    /// A batch written screen by screen says what it left out as the whole-run document does.
    @Test(arguments: GateTests.formats)
    func aStreamedBatchWithOmittedFindingsIsTheWholeRunDocument(format: OutputFormat) throws {
        var screens = try BatchWriterTests.screens()
        // Cut two screens' listings by hand, as a cap would: the last findings become records.
        for index in [0, 3] {
            var run = screens[index].report.run
            let cut = run.findings.suffix(2)
            run.omitted = cut.map(OmittedFinding.init)
            run.findings.removeLast(cut.count)
            screens[index].report.run = run
        }
        #expect(screens[0].report.run.findingsOmitted == 2)
        for baseline in [nil, Baseline(screens: [screens[1]])] {
            let whole = AuditRun(screens: screens, isBatch: true, baseline: baseline).render(format)
            #expect(BatchWriterTests.streamed(screens, format, pretty: false, baseline: baseline) == whole, "\(format)")
        }
    }
}
