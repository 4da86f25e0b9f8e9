import Foundation
import Testing
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

@Suite struct JUnitReportTests {
    private func parsed(_ bytes: [UInt8]) throws -> [String: Any] {
        let output = try ExternalCheck.python("parse_junit.py", on: bytes, suffix: "xml")
        try #require(output.status == 0, "junitparser failed: \(output.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    private func cases(_ suite: [String: Any]) -> [String: [String: Any]] {
        let list = suite["cases"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
    }

    @Test func oneCasePerRuleAndScreenFailuresCarryFindings() throws {
        var second = ReportFixtures.Options()
        second.title = "Create account"
        let screens = [ScreenReport(name: "login.json", report: ReportFixtures.login()),
                       ScreenReport(name: "signup.json", report: ReportFixtures.login(second))]
        let result = try parsed(JUnitReport.render(screens: screens))
        // 5 rules on each of 2 screens; target-size, link-purpose and accessible-name fail,
        // text-contrast is incomplete only (skipped).
        #expect(result["tests"] as? Int == 10)
        #expect(result["failures"] as? Int == 6)
        #expect(result["skipped"] as? Int == 2)
        let suites = try #require(result["suites"] as? [[String: Any]])
        #expect(suites.map { $0["name"] as? String } == ["login.json", "signup.json"])
        let login = cases(suites[0])
        #expect(login.keys.sorted() == ["accessible-name", "label-quality", "link-purpose", "target-size", "text-contrast"])

        let failure = try #require((login["target-size"]?["results"] as? [[String: Any]])?.first)
        #expect(failure["kind"] as? String == "failure")
        #expect(failure["type"] as? String == "serious")
        let text = try #require(failure["text"] as? String)
        // Markup in labels survives escaping and reads back as written.
        #expect(text.contains("Go <now> & \"fast\". Button."))
        #expect(text.contains("identifier \"login.submit\""))
        #expect(text.contains("Target is 30x30 pt"))

        let review = try #require((login["text-contrast"]?["results"] as? [[String: Any]])?.first)
        #expect(review["kind"] as? String == "skipped")
        // One finding: the verb agrees with it.
        #expect(review["message"] as? String == "1 finding of text-contrast needs manual review")
        #expect((review["text"] as? String)?.contains("gradient") == true)

        // Suppressed findings do not fail their rule but stay visible.
        #expect((login["label-quality"]?["results"] as? [Any])?.isEmpty == true)
        #expect((login["label-quality"]?["systemOut"] as? String)?.contains("Design review pending") == true)
    }

    @Test func reportsNameTheScreenReaderOfThePlatform() throws {
        func screens(_ platform: String) throws -> [ScreenReport] {
            let json = """
            {"platform": "\(platform)", "root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "children": [
              {"type": "button", "label": "Pay", "frame": {"x": 10, "y": 10, "width": 20, "height": 20}}]}}
            """
            return try Tree.audit(json).get().screens
        }
        let android = try screens("android"), ios = try screens("ios")
        let junitAndroid = String(decoding: JUnitReport.render(screens: android), as: UTF8.self)
        let junitIOS = String(decoding: JUnitReport.render(screens: ios), as: UTF8.self)
        #expect(junitAndroid.contains("TalkBack: &quot;Pay, Button&quot;"))
        #expect(!junitAndroid.contains("VoiceOver"))
        #expect(junitIOS.contains("VoiceOver: &quot;Pay. Button.&quot;"))
        let htmlAndroid = String(decoding: HTMLReport.render(screens: android), as: UTF8.self)
        #expect(htmlAndroid.contains(">TalkBack says</th>"))
        #expect(!htmlAndroid.contains("VoiceOver"))
        #expect(String(decoding: HTMLReport.render(screens: ios), as: UTF8.self).contains(">VoiceOver says</th>"))
    }

    @Test func withABaselineOnlyNewViolationsFail() throws {
        let old = ReportFixtures.login()
        let baseline = Baseline(screens: [ScreenReport(name: "login.json", report: old)])
        var current = ReportFixtures.login()
        // A new violation on the email field; the three known ones stay.
        current.run.findings.append(Finding(rule: "target-size", wcag: ["2.5.8"], level: .AA, impact: .critical,
                                            message: "Field is too short.", node: current.analysis.document.indexByID["email"]!))
        let screens = [ScreenReport(name: "login.json", report: current)]
        let comparison = BaselineComparison(screens: screens, baseline: baseline)
        let result = try parsed(JUnitReport.render(screens: screens, baseline: comparison))
        #expect(result["failures"] as? Int == 1)
        let login = cases(try #require((result["suites"] as? [[String: Any]])?.first))
        let failure = try #require((login["target-size"]?["results"] as? [[String: Any]])?.first)
        #expect(failure["type"] as? String == "critical")
        #expect((failure["text"] as? String)?.contains("Field is too short.") == true)
        #expect((failure["text"] as? String)?.contains("30x30") == false)
        #expect((login["target-size"]?["systemOut"] as? String)?.contains("30x30") == true)
        #expect((login["link-purpose"]?["results"] as? [Any])?.isEmpty == true)
    }

    @Test func realTreeThroughThePipelineParses() throws {
        let screen = try PipelineFixtures.loginWithFindings()
        let result = try parsed(JUnitReport.render(screens: [screen]))
        let violatedRules = Set(screen.report.run.findings.filter { $0.outcome == .violation }.map(\.rule))
        #expect(result["failures"] as? Int == violatedRules.count)
        #expect(result["tests"] as? Int == screen.report.run.rulesRun.count)
        let login = cases(try #require((result["suites"] as? [[String: Any]])?.first))
        let failure = try #require((login["text-field-name"]?["results"] as? [[String: Any]])?.first)
        #expect((failure["text"] as? String)?.contains("/root/children/2/children/1 (id \"password\", identifier \"login.password\")") == true)
    }

    @Test func controlCharactersCannotBreakTheDocument() throws {
        var report = ReportFixtures.login()
        report.run.findings[0].message = "bad \u{1}\u{8} bytes ]]> <![CDATA["
        let result = try parsed(JUnitReport.render(screens: [ScreenReport(name: "a&b<c>.json", report: report)]))
        let suite = try #require((result["suites"] as? [[String: Any]])?.first)
        #expect(suite["name"] as? String == "a&b<c>.json")
    }
}
