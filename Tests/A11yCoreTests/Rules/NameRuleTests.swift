import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct NameRuleTests {
    @Test func controlName() throws {
        #expect(try RuleFixture.findings(.controlName, InlineTree.screen(#"{"type": "button", "label": "Share"}"#)).isEmpty)
        let fail = InlineTree.screen(#"{"type": "button", "frame": {"x": 0, "y": 0, "width": 44, "height": 44}}"#,
                                      #"{"type": "view", "isAccessibilityElement": true, "traits": ["link"], "frame": {"x": 0, "y": 100, "width": 44, "height": 44}}"#)
        let f = try RuleFixture.findings(.controlName, fail)
        #expect(try RuleFixture.pointers(.controlName, fail) == ["/root/children/0", "/root/children/1"])
        #expect(f.first?.impact == .critical)
        #expect(f.first?.wcag == ["4.1.2"])
    }

    @Test func imageName() throws {
        let pass = InlineTree.screen(#"{"type": "image", "label": "Movie poster"}"#, #"{"type": "image", "hidden": true}"#)
        #expect(try RuleFixture.findings(.imageName, pass).isEmpty)
        let f = try RuleFixture.findings(.imageName, InlineTree.screen(#"{"type": "image"}"#))
        #expect(f.map(\.rule) == ["image-name"])
        #expect(f.first?.wcag == ["1.1.1"])
    }

    @Test func textFieldName() throws {
        #expect(try RuleFixture.findings(.textFieldName, InlineTree.screen(#"{"type": "textField", "label": "Email"}"#)).isEmpty)
        let fail = InlineTree.screen(#"{"type": "secureTextField"}"#)
        #expect(try RuleFixture.findings(.textFieldName, fail).count == 1)
        // Reported once, by text-field-name, not again by control-name.
        #expect(try RuleFixture.findings(.controlName, fail).isEmpty)
    }

    @Test func canvasNeedsSyntheticChildrenOrALabel() throws {
        let withChildren = InlineTree.screen(#"{"type": "canvas", "accessibilityChildren": [{"type": "text", "label": "Jan", "value": "10"}]}"#)
        #expect(try RuleFixture.findings(.canvasAlternative, withChildren).isEmpty)
        let labelled = InlineTree.screen(#"{"type": "canvas", "grouping": "ignore", "label": "Revenue up 15%"}"#)
        #expect(try RuleFixture.findings(.canvasAlternative, labelled).isEmpty)
        let bare = InlineTree.screen(#"{"type": "canvas"}"#)
        #expect(try RuleFixture.pointers(.canvasAlternative, bare) == ["/root/children/0"])
        #expect(try RuleFixture.findings(.canvasAlternative, bare).first?.wcag == ["1.1.1"])
        #expect(try RuleFixture.findings(.canvasAlternative, InlineTree.screen(#"{"type": "canvas", "hidden": true}"#)).isEmpty)
    }
}
