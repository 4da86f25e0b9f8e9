import Foundation
import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// A rule that could not look at anything is inapplicable (axe's fourth outcome), with its
/// reason, and never counted as passed.
@Suite struct InapplicableRuleTests {
    func reasons(_ run: RuleRun) -> [String: String] {
        Dictionary(uniqueKeysWithValues: run.inapplicable.map { ($0.rule, $0.reason) })
    }

    @Test func androidDumpWithoutColoursOrScreenshotMeasuresNothing() throws {
        let xml = Android.dump(Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1080,2400]"],
            Android.node(["class": "android.widget.TextView", "text": "Total", "bounds": "[0,0][500,100]"])
            + Android.node(["class": "android.widget.ImageView", "content-desc": "Logo", "bounds": "[0,200][200,400]"])))
        let document = try Android.document(xml)
        let run = try RuleRunner.run(try Analyzer.analyze(document), options: document.options)
        let measuring = reasons(run).filter { ["text-contrast", "non-text-contrast", "text-scaling"].contains($0.key) }
        #expect(measuring == [
            "text-contrast": "no colours and no screenshot",
            "non-text-contrast": "no colours and no screenshot",
            "text-scaling": "the input does not say whether text scales",
        ])
        // The image has a description: image-name looked at it.
        #expect(reasons(run)["image-name"] == nil && run.rulesPassed.contains("image-name"))
        for rule in ["text-contrast", "non-text-contrast", "text-scaling"] {
            #expect(run.rulesRun.contains(rule))
            #expect(!run.rulesPassed.contains(rule) && !run.rulesIncomplete.contains(rule))
        }
    }

    @Test func aTreeWithColoursAndScalingIsLookedAt() throws {
        let json = InlineTree.screen(
            ##"{"type": "text", "text": "Total", "style": {"foreground": "#000000", "background": "#FFFFFF", "scalesWithDynamicType": true}}"##,
            ##"{"type": "image", "label": "Logo", "style": {"foreground": "#000000", "background": "#FFFFFF"}, "frame": {"x": 0, "y": 100, "width": 44, "height": 44}}"##)
        let run = try RuleFixture.run(json)
        #expect(!["text-contrast", "non-text-contrast", "text-scaling", "image-name"].contains { reasons(run)[$0] != nil })
        #expect(["text-contrast", "non-text-contrast", "text-scaling", "image-name"].allSatisfy(run.rulesPassed.contains))
    }

    @Test func reasonsSayWhatWasMissing() throws {
        // Nothing draws text and no graphic: there is nothing of the kind to look at.
        let empty = try RuleFixture.run(InlineTree.screen(#"{"type": "view", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#))
        #expect(reasons(empty)["text-contrast"] == "no visible text")
        #expect(reasons(empty)["non-text-contrast"] == "no images or controls without text")
        #expect(reasons(empty)["text-scaling"] == "no text")
        // Every rule that ran on it had nothing to look at, and each says what was missing.
        #expect(Set(reasons(empty).keys) == Set(empty.rulesRun) && empty.rulesPassed.isEmpty)
        #expect(reasons(empty)["image-name"] == "no images" && reasons(empty)["class-name"] == "not an Android tree")
        #expect(reasons(empty)["deferral-several-receivers"] == "no deferral containers")
        // AAA adds text-contrast-enhanced with the same reason.
        let aaa = try RuleFixture.run(InlineTree.screen(#"{"type": "text", "text": "Hi"}"#)) { $0.level = .AAA }
        #expect(reasons(aaa)["text-contrast-enhanced"] == "no colours and no screenshot")
        #expect(reasons(aaa)["text-contrast"] == "no colours and no screenshot")
    }

    @Test func aRuleThatSkipsEverySubjectSaysWhy() throws {
        // Android-only rules on an iOS tree; class-name skips nodes unimportant for accessibility (ATF: NOT_RUN).
        let ios = try RuleFixture.run(InlineTree.screen(#"{"type": "textField", "label": "Name", "frame": {"x": 0, "y": 0, "width": 100, "height": 44}}"#))
        #expect(reasons(ios)["editable-content-description"] == "not an Android tree")
        #expect(reasons(ios)["text-field-name"] == nil && ios.rulesPassed.contains("text-field-name"))
        let xml = Android.dump(Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1080,2400]", "a11y-important": "false"]))
        let document = try Android.document(xml)
        let android = try RuleRunner.run(try Analyzer.analyze(document), options: document.options)
        #expect(reasons(android)["class-name"] == "not important for accessibility")
    }

    @Test func everyFormatSaysInapplicableNotPassed() throws {
        let json = InlineTree.screen(#"{"type": "text", "text": "Hi"}"#)
        let audit = try Tree.audit(json, AuditSettings(inputFormat: .json)).get()
        let screens = audit.screens
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(ResponseEncoder.json(audit))) as? [String: Any])
        let rules = try #require((summary["summary"] as? [String: Any])?["rules"] as? [String: Any])
        let listed = try #require(rules["inapplicable"] as? [[String: String]])
        #expect(listed.contains(["rule": "text-contrast", "reason": "no colours and no screenshot"]))
        #expect((rules["passed"] as? [String])?.contains("text-contrast") == false)

        let junit = String(decoding: JUnitReport.render(screens: screens), as: UTF8.self)
        #expect(junit.contains(#"name="text-contrast">"# + "\n" + #"      <skipped message="inapplicable: no colours and no screenshot"/>"#))
        let sarif = String(decoding: SarifReport.render(screens: screens, catalogue: RuleRegistry.all), as: UTF8.self)
        #expect(sarif.contains(#""descriptor":{"id":"rule-inapplicable"},"associatedRule":{"id":"text-contrast""#))
        let text = TextReport.render(screens: screens.map { ($0.name, $0.report) }, color: false)
        #expect(text.contains("Inapplicable: text-contrast (no colours and no screenshot)"))
        let html = String(decoding: HTMLReport.render(screens: screens), as: UTF8.self)
        #expect(html.contains("Inapplicable, nothing to look at: <code>text-contrast</code> (no colours and no screenshot)"))
    }
}
