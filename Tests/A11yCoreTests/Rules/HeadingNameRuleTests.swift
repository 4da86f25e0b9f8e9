import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yImport
@testable import A11yModel
@testable import A11yOptions
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// `heading-name` (best practice, axe-core's `empty-heading`): a heading has a spoken name.
@Suite struct HeadingNameRuleTests {
    /// A view made a heading by its trait, with nothing to say.
    let unnamed = #"{"id": "section", "type": "view", "isAccessibilityElement": true, "traits": ["header"], "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}"#

    @Test func aHeadingWithoutANameIsReported() throws {
        let findings = try RuleFixture.findings(.headingName, InlineTree.screen(unnamed))
        #expect(findings.map(\.message) == ["Heading has no label: the screen reader says \"Heading\" without the title of its section."])
        #expect(findings.first?.impact == .minor && findings.first?.wcag == [] && findings.first?.level == nil)
        // A label of whitespace only says nothing either.
        let blank = #"{"type": "text", "text": "  ", "traits": ["header"], "frame": {"x": 0, "y": 200, "width": 300, "height": 44}}"#
        #expect(try RuleFixture.findings(.headingName, InlineTree.screen(blank)).map(\.message)
                == ["Heading has a label of whitespace only (\"  \"): the screen reader says \"Heading\" without the title of its section."])
    }

    @Test func aNamedHeadingPasses() throws {
        let named = #"{"type": "text", "text": "Delivery address", "traits": ["header"], "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}"#
        let run = try RuleFixture.run(InlineTree.screen(named)) { $0.only = [Located("heading-name", at: "/o")] }
        #expect(run.findings.isEmpty && run.rulesPassed == ["heading-name"])
    }

    @Test func aScreenWithoutHeadingsIsInapplicable() throws {
        // An unnamed element without the header trait is another rule's concern, not this one's.
        let plain = #"{"type": "view", "isAccessibilityElement": true, "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}"#
        let run = try RuleFixture.run(InlineTree.screen(plain)) { $0.only = [Located("heading-name", at: "/o")] }
        #expect(run.findings.isEmpty)
        #expect(run.inapplicable == [InapplicableRule(rule: "heading-name", reason: "no headings")])
    }

    /// An Android dump's `heading` flag is the same trait: a focusable heading view without
    /// text is a stop with nothing to say. One that is not focusable is no stop at all (TalkBack
    /// skips a view with nothing to speak and no action), so nobody meets it.
    @Test func anAndroidHeadingWithoutTextIsReportedWhenTalkBackStopsThere() throws {
        func run(_ attributes: [String: String]) throws -> RuleRun {
            let xml = Android.dump(Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1080,2400]"],
                Android.node(["class": "android.view.View", "bounds": "[0,200][1080,300]", "heading": "true"].merging(attributes) { $1 })))
            let document = try Android.document(xml)
            return try RuleRunner.run(try Analyzer.analyze(document), options: document.options)
        }
        #expect(try run(["focusable": "true"]).findings.filter { $0.rule == "heading-name" }.count == 1)
        #expect(try run(["focusable": "true", "text": "Settings"]).findings.allSatisfy { $0.rule != "heading-name" })
        #expect(try run([:]).inapplicable.contains(InapplicableRule(rule: "heading-name", reason: "no headings")))
    }

    @Test func itRunsByDefaultButNotUnderAPresetPinnedBeforeIt() throws {
        let json = InlineTree.screen(unnamed)
        #expect(try RuleFixture.run(json).findings.map(\.rule).contains("heading-name"))
        let pinned = try RuleFixture.run(json) { $0.preset = Located("wcag22-aa@2", at: "/p") }
        #expect(!pinned.rulesRun.contains("heading-name") && pinned.findings.allSatisfy { $0.rule != "heading-name" })
    }
}
