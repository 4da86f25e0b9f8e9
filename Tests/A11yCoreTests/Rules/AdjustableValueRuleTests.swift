import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yImport
@testable import A11yModel
@testable import A11yOptions
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// `adjustable-value` (4.1.2): an adjustable element reads its current value.
@Suite struct AdjustableValueRuleTests {
    let volume = #"{"id": "volume", "type": "slider", "label": "Volume", "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}"#

    @Test func aSliderWithoutAValueIsReported() throws {
        let findings = try RuleFixture.findings(.adjustableValue, InlineTree.screen(volume))
        #expect(findings.count == 1)
        #expect(findings.first?.message == "Adjustable element \"Volume\" has no value: the user cannot hear where it is set, or what adjusting it changed.")
        #expect(findings.first?.impact == .serious && findings.first?.wcag == ["4.1.2"])
        // A custom view made adjustable by its trait is judged the same way.
        let stepper = #"{"type": "view", "traits": ["adjustable"], "label": "Guests", "frame": {"x": 0, "y": 200, "width": 200, "height": 44}}"#
        #expect(try RuleFixture.findings(.adjustableValue, InlineTree.screen(stepper)).map(\.message)
                == ["Adjustable element \"Guests\" has no value: the user cannot hear where it is set, or what adjusting it changed."])
    }

    @Test func aSliderThatReadsItsValuePasses() throws {
        let withValue = #"{"type": "slider", "label": "Volume", "value": "50%", "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}"#
        let run = try RuleFixture.run(InlineTree.screen(withValue)) { $0.only = [Located("adjustable-value", at: "/o")] }
        #expect(run.findings.isEmpty && run.rulesPassed == ["adjustable-value"])
        // Nothing adjustable: inapplicable, with the reason.
        let none = try RuleFixture.run(InlineTree.screen(#"{"type": "button", "label": "OK"}"#)) { $0.only = [Located("adjustable-value", at: "/o")] }
        #expect(none.inapplicable == [InapplicableRule(rule: "adjustable-value", reason: "no adjustable elements")])
        // A carousel is adjustable, and carousel-announcement judges what it reads.
        let carousel = #"{"type": "carousel", "label": "Photos", "component": {"pages": 3}, "frame": {"x": 0, "y": 0, "width": 300, "height": 200}}"#
        #expect(try RuleFixture.findings(.adjustableValue, InlineTree.screen(carousel)).isEmpty)
    }

    @Test func anAndroidDumpSaysNoRangeSoTheRuleDoesNotRun() throws {
        let xml = Android.dump(Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1080,2400]"],
            Android.node(["class": "android.widget.SeekBar", "bounds": "[0,200][1080,300]", "focusable": "true"])))
        let document = try Android.document(xml)
        let run = try RuleRunner.run(try Analyzer.analyze(document), options: document.options)
        #expect(run.findings.allSatisfy { $0.rule != "adjustable-value" })
        #expect(run.inapplicable.contains(InapplicableRule(rule: "adjustable-value", reason: "an Android dump does not say a slider's range (RangeInfo)")))
    }

    @Test func itRunsByDefaultButNotUnderAPresetPinnedBeforeIt() throws {
        let json = InlineTree.screen(volume)
        #expect(try RuleFixture.run(json).rulesRun.contains("adjustable-value"))
        let pinned = try RuleFixture.run(json) { $0.preset = Located("wcag22-aa@1", at: "/p") }
        #expect(!pinned.rulesRun.contains("adjustable-value") && pinned.findings.allSatisfy { $0.rule != "adjustable-value" })
    }
}
