import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// The findings cap: a hostile tree cannot make an unbounded answer, and says when it was cut.
@Suite("Findings cap")
struct FindingsCapTests {
    /// `count` buttons without a name, each worth at least one finding.
    private func unnamedButtons(_ count: Int) -> String {
        let buttons = (0..<count).map { index in
            #"{"id": "b\#(index)", "type": "button", "frame": {"x": 0, "y": \#(index * 50), "width": 60, "height": 44}}"#
        }
        return InlineTree.screen(buttons.joined(separator: ","))
    }

    @Test func findingsPastTheCapAreCountedNotListed() throws {
        let analysis = try Tree.analyze(unnamedButtons(8))
        let all = try RuleRunner.run(analysis, options: analysis.document.options)
        let capped = try RuleRunner.run(analysis, options: analysis.document.options, maxFindings: 3)
        #expect(all.findings.count > 3)
        #expect(all.findingsOmitted == 0)
        #expect(capped.findings.count == 3)
        #expect(capped.findingsOmitted == all.findings.count - 3)
        // The first ones in reading order are kept, and rule verdicts still see every finding.
        #expect(capped.findings.map(\.node) == all.findings.prefix(3).map(\.node))
        #expect(capped.rulesPassed == all.rulesPassed)
        #expect(capped.rulesIncomplete == all.rulesIncomplete)

        let body = ResponseEncoder.json(AuditReport(analysis: analysis, run: capped))
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("\"findings\":3,\"findingsOmitted\":\(capped.findingsOmitted),"))
        let uncapped = String(decoding: ResponseEncoder.json(AuditReport(analysis: analysis, run: all)), as: UTF8.self)
        #expect(!uncapped.contains("findingsOmitted"))
    }

    @Test func theDefaultCapHoldsForAWholeAudit() throws {
        let json = Array(unnamedButtons(RuleRun.defaultMaxFindings + 10).utf8)
        let report = try Tree.report(json)
        #expect(report.run.findings.count == RuleRun.defaultMaxFindings)
        #expect(report.run.findingsOmitted >= 10)
    }
}
