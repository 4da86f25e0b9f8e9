import Foundation
import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules

@Suite struct HTMLReportTests {
    private func check(_ bytes: [UInt8], keepName: String) throws -> [String: Any] {
        let output = try ExternalCheck.python("check_html.py", on: bytes, suffix: "html", keepName: keepName)
        #expect(output.status == 0, "HTML structure problems:\n\(output.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test func pageIsStructuredForScreenReaders() throws {
        var login = try PipelineFixtures.loginWithFindings()
        let document = login.report.analysis.document
        let form = try #require(document.nodes.indices.first { document.nodes[$0].a11yRoot == "login" })
        #expect(login.report.analysis.elementOfNode[form] == nil)
        login.report.run.findings.append(Finding(rule: "nested-container", wcag: [], level: nil, impact: .moderate,
                                                 message: "Container of nested ids is not contain.", node: form))
        var second = try PipelineFixtures.screen("login.json", name: "login-copy.json")
        second.report.run.findings = []
        let summary = try check(HTMLReport.render(screens: [login, second]), keepName: "report.html")
        #expect(summary["landmarks"] as? [String] == ["header", "nav", "main", "footer"])
        #expect((summary["headings"] as? [Int])?.first == 1)
        #expect(summary["svgs"] as? Int == 2)
        // One numbered badge per stop on each screen.
        let stops = login.report.analysis.elements.count
        #expect(stops == 12)
        #expect(summary["circles"] as? Int == 2 * stops)
        // One outline per element with a finding (the back button has two findings), plus
        // one for the finding on the form container, which is no element.
        let outlined = Set(login.report.run.findings.compactMap { login.report.analysis.elementOfNode[$0.node] })
        #expect(outlined.count == 5)  // password, the combined toggle row, "More", the image, the promo
        #expect(summary["outlines"] as? Int == outlined.count + 1)
    }

    @Test func findingsListTheirSpokenTextAndEscapeMarkup() throws {
        let login = try PipelineFixtures.loginWithFindings()
        let summary = try check(HTMLReport.render(screens: [login]), keepName: "single.html")
        let text = try #require(summary["text"] as? String)
        // A single screen needs no screen navigation.
        #expect(summary["landmarks"] as? [String] == ["header", "main", "footer"])
        #expect(text.contains("Text Field. Text field has no accessibility label."))
        #expect(text.contains("Keeps you signed in for 30 days, Remember me. Switch Button. On. Text contrast 3:1"))
        // The suppressed back button keeps its spoken text and the reason, markup escaped.
        #expect(text.contains("Back button. Back Button. Target is 30x30"))
        #expect(text.contains("Reviewed with design <2024>"))
        #expect(text.contains("1 screen, 6 violations, 1 to review"))
        #expect(text.contains("12 stops. 6 violations"))
    }

    @Test func baselineColumnMarksNewAndListsFixed() throws {
        let login = try PipelineFixtures.loginWithFindings()
        var old = login
        old.report.run.findings.removeFirst()  // target-size is new this time
        old.report.run.findings.append(Finding(rule: "focus-order", wcag: ["2.4.3"], level: .A, impact: .serious,
                                               message: "Tab order jumps.", node: 0))
        let comparison = BaselineComparison(screens: [login], baseline: Baseline(screens: [old]))
        let summary = try check(HTMLReport.render(screens: [login], baseline: comparison), keepName: "baseline.html")
        let text = try #require(summary["text"] as? String)
        #expect(text.contains("baseline: 1 new, 6 known, 1 fixed"))
        #expect(text.contains("Fixed since the baseline"))
        #expect(text.contains("Tab order jumps."))
    }

    @Test func treeWithoutFramesSaysSoInsteadOfDrawing() throws {
        var document = Document()
        var node = Node()
        node.kind = .button
        node.label = "OK"
        _ = document.append(node, parent: nil)
        let report = AuditReport(analysis: try Analyzer.analyze(document), run: RuleRun())
        let summary = try check(HTMLReport.render(screens: [ScreenReport(name: "bare", report: report)]), keepName: "bare.html")
        #expect(summary["svgs"] as? Int == 0)
        #expect((summary["text"] as? String)?.contains("No frames in this tree") == true)
        #expect((summary["text"] as? String)?.contains("1 stop. 0 violations") == true)
    }
}
