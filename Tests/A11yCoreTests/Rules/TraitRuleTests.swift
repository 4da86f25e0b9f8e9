import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct TraitRuleTests {
    @Test func conflictingRoleTraits() throws {
        let fail = InlineTree.screen(#"{"type": "button", "label": "Terms", "traits": ["button", "link"], "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#,
                                      #"{"type": "slider", "label": "Volume", "traits": ["adjustable", "button"], "frame": {"x": 0, "y": 100, "width": 50, "height": 50}}"#)
        let f = try RuleFixture.findings(.conflictingRoleTraits, fail)
        #expect(f.map { $0.strings("conflicts") } == [["button + link"], ["button + adjustable"]])
        let pass = InlineTree.screen(#"{"type": "button", "label": "Play"}"#, #"{"type": "slider", "label": "Volume"}"#)
        #expect(try RuleFixture.findings(.conflictingRoleTraits, pass).isEmpty)
    }

    @Test func missingRoleTrait() throws {
        // Traits sent explicitly replace the kind's defaults: this button lost its role.
        let fail = InlineTree.screen(#"{"type": "button", "label": "Buy", "traits": ["staticText"]}"#)
        let f = try RuleFixture.findings(.missingRoleTrait, fail)
        #expect(f.count == 1)
        #expect(f.first?.string("expected") == "button")
        let pass = InlineTree.screen(#"{"type": "button", "label": "Buy", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#,
                                      #"{"type": "toggle", "label": "Wi-Fi", "frame": {"x": 0, "y": 100, "width": 50, "height": 50}}"#,
                                      #"{"type": "textField", "label": "Email", "frame": {"x": 0, "y": 200, "width": 50, "height": 50}}"#,
                                      #"{"type": "tab", "label": "Home", "frame": {"x": 0, "y": 300, "width": 50, "height": 50}}"#)
        #expect(try RuleFixture.findings(.missingRoleTrait, pass).isEmpty)
    }

    /// SwiftUI Accessible Grouping: HStack { title; Favorite; Share }.combine() announced as a button.
    func row(traits: String, buttons: Int) -> String {
        let children = (0..<buttons).map { i in
            #"{"type": "button", "label": "Action \#(i)", "frame": {"x": \#(200 + i * 60), "y": 300, "width": 44, "height": 44}}"#
        }
        return InlineTree.screen("""
            {"id": "row", "type": "stack", "grouping": "combine", "traits": \(traits),
             "frame": {"x": 16, "y": 300, "width": 358, "height": 44}, "children": [
               {"type": "text", "text": "Inception", "frame": {"x": 16, "y": 310, "width": 150, "height": 24}}\(children.map { ", " + $0 }.joined())]}
            """)
    }

    @Test func combinedElementKeepingButtonWithSeveralButtons() throws {
        let json = row(traits: #"["button"]"#, buttons: 2)
        let f = try RuleFixture.findings(.combinedButtonTrait, json)
        #expect(try RuleFixture.pointers(.combinedButtonTrait, json) == ["/root/children/0"])
        #expect(f.first?.number("controls") == 2)
        #expect(try RuleFixture.findings(.combinedButtonTrait, row(traits: "[]", buttons: 2)).isEmpty)
        // One button merged into the row is the row's own activation: keeping the trait is right.
        #expect(try RuleFixture.findings(.combinedButtonTrait, row(traits: #"["button"]"#, buttons: 1)).isEmpty)
    }

    @Test func combinableTraitsRemoveClearsTheFinding() throws {
        let json = InlineTree.screen("""
            {"type": "stack", "grouping": "combine", "traits": ["button"], "combinable": {"traitsAdjust": {"remove": ["button"]}},
             "frame": {"x": 16, "y": 300, "width": 358, "height": 44}, "children": [
               {"type": "text", "text": "Inception", "frame": {"x": 16, "y": 310, "width": 150, "height": 24}},
               {"type": "button", "label": "Favorite", "frame": {"x": 250, "y": 300, "width": 44, "height": 44}},
               {"type": "button", "label": "Share", "frame": {"x": 310, "y": 300, "width": 44, "height": 44}}]}
            """)
        #expect(try RuleFixture.findings(.combinedButtonTrait, json).isEmpty)
    }

    @Test func keyboardFocusable() throws {
        let fail = InlineTree.screen(#"{"type": "button", "label": "Next", "focusable": false}"#)
        #expect(try RuleFixture.findings(.keyboardFocusable, fail).map(\.wcag) == [["2.1.1"]])
        let pass = InlineTree.screen(#"{"type": "button", "label": "Next", "focusable": true}"#,
                                      #"{"type": "button", "label": "Back"}"#,
                                      #"{"type": "text", "text": "Static", "focusable": false}"#,
                                      #"{"type": "button", "label": "Off", "enabled": false, "focusable": false}"#)
        #expect(try RuleFixture.findings(.keyboardFocusable, pass).isEmpty)
    }
}
