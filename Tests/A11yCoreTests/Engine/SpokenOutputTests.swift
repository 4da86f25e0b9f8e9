import Testing
@testable import A11yCore
import A11yCoreTestSupport

/// The `spoken` utterance of semantics.md "Spoken output" (AccessibilitySnapshot style).
@Suite struct SpokenOutputTests {
    /// The utterance of a one-element tree whose root is `node`.
    private func spoken(_ node: String) throws -> [String] {
        try Tree.analyze("{\"root\": \(node)}").spoken
    }

    @Test func workedExamples() throws {
        #expect(try spoken(#"{"type": "button", "label": "02"}"#) == ["02. Button."])
        #expect(try spoken(#"{"type": "text", "label": "07", "traits": ["selected"]}"#) == ["Selected: 07"])
        #expect(try spoken(#"{"type": "button", "label": "24", "enabled": false}"#) == ["24. Dimmed. Button."])
        #expect(try spoken(#"{"type": "view", "isAccessibilityElement": true, "hint": "Hint", "traits": ["adjustable"]}"#)
                == ["Hint. Adjustable."])
        #expect(try spoken(#"{"type": "view", "isAccessibilityElement": true, "traits": ["button", "header"]}"#)
                == ["Button. Heading."])
    }

    /// A label of whitespace only says nothing: not read as spaces; the visible text, else
    /// nothing, is read in its place, also inside a combined element.
    @Test func whitespaceLabelIsNoLabel() throws {
        #expect(try spoken(#"{"type": "button", "label": "   "}"#) == ["Button."])
        #expect(try spoken(#"{"type": "button", "label": " \n\t", "text": "Save"}"#) == ["Save. Button."])
        let combined = try Tree.analyze("""
        {"root": {"type": "view", "combinable": {}, "label": "  ", \(Tree.frame(0, 0, 390, 44)), "children": [
          {"type": "text", "text": "Total", \(Tree.frame(0, 0, 100, 44))}]}}
        """)
        #expect(combined.elements.map(\.label) == ["Total"])
    }

    @Test func tabBarPositionAndSelection() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "traits": ["tabBar"], \(Tree.frame(0, 800, 390, 44)), "children": [
          {"type": "tab", "label": "Home", "traits": ["button", "selected"], \(Tree.frame(0, 800, 130, 44))},
          {"type": "tab", "label": "Search", \(Tree.frame(130, 800, 130, 44))},
          {"type": "tab", "label": "Profile", \(Tree.frame(260, 800, 130, 44))}
        ]}}
        """)
        #expect(a.spoken == ["Selected: Home. Tab. 1 of 3.", "Search. Tab. 2 of 3.", "Profile. Tab. 3 of 3."])
    }

    @Test func tabSetSeriesPosition() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "tabSet", \(Tree.frame(0, 0, 390, 44)), "children": [
          {"type": "button", "label": "Day", \(Tree.frame(0, 0, 195, 44))},
          {"type": "button", "label": "Week", \(Tree.frame(195, 0, 195, 44))}
        ]}}
        """)
        #expect(a.spoken == ["Day. Button. 1 of 2.", "Week. Button. 2 of 2."])
    }

    @Test func labelAndValue() throws {
        #expect(try spoken(#"{"type": "text", "label": "Battery", "value": "80%"}"#) == ["Battery: 80%"])
        #expect(try spoken(#"{"type": "view", "isAccessibilityElement": true, "value": "80%"}"#) == ["80%"])
        #expect(try spoken(#"{"type": "view", "isAccessibilityElement": true, "traits": ["selected"]}"#) == ["Selected."])
    }

    @Test func periodIsNotDoubled() throws {
        #expect(try spoken(#"{"type": "button", "label": "Done."}"#) == ["Done. Button."])
    }

    @Test func traitWordsInVoiceOverOrder() throws {
        let node = #"""
        {"type": "view", "isAccessibilityElement": true, "label": "X", "enabled": false,
         "traits": ["searchField", "image", "adjustable", "link", "header", "button"], "hint": "H"}
        """#
        #expect(try spoken(node) == ["X. Dimmed. Button. Heading. Link. Adjustable. Image. Search Field."])
    }

    @Test func textFieldsSayTextField() throws {
        #expect(try spoken(#"{"type": "textField", "label": "Email", "value": "jane@"}"#) == ["Email: jane@. Text Field."])
        #expect(try spoken(#"{"type": "secureTextField", "label": "Password"}"#) == ["Password. Secure Text Field."])
    }

    @Test func buttonIsNotSaidForKeyboardKeysTabsAndBackButtons() throws {
        #expect(try spoken(#"{"type": "button", "label": "Q", "traits": ["button", "keyboardKey"]}"#) == ["Q"])
        #expect(try spoken(#"{"type": "button", "label": "Back", "traits": ["button", "backButton"]}"#) == ["Back Button."])
        #expect(try spoken(#"{"type": "button", "label": "Settings", "traits": ["button", "backButton"]}"#) == ["Settings. Back Button."])
        #expect(try spoken(#"{"type": "tab", "label": "Home"}"#) == ["Home. Tab."])
    }

    @Test func hintIsReadOnlyWhenNothingElseIs() throws {
        #expect(try spoken(#"{"type": "view", "isAccessibilityElement": true, "hint": "Opens the menu"}"#) == ["Opens the menu"])
        #expect(try spoken(#"{"type": "button", "label": "Menu", "hint": "Opens the menu"}"#) == ["Menu. Button."])
    }

    @Test func adjustableElementsGetTheAdjustHint() throws {
        let a = try Tree.analyze(#"{"root": {"type": "slider", "label": "Volume", "value": "50%"}}"#)
        // `hint` stays the element's own; the adjust hint is what is read after the pause.
        #expect(a.elements.map(\.hint) == [nil])
        #expect(a.elements.map(\.spokenHint) == ["Swipe up or down with one finger to adjust the value."])
        #expect(a.spoken == ["Volume: 50%. Adjustable."])
        let own = try Tree.analyze(#"{"root": {"type": "slider", "label": "Volume", "hint": "Sets the volume."}}"#)
        #expect(own.elements.map(\.hint) == ["Sets the volume."])
        #expect(own.elements.map(\.spokenHint) == ["Sets the volume. Swipe up or down with one finger to adjust the value."])
    }

    @Test func switchesSayTheirStateAfterSwitchButton() throws {
        #expect(try spoken(#"{"type": "toggle", "label": "Wi-Fi", "value": "1"}"#) == ["Wi-Fi. Switch Button. On."])
        #expect(try spoken(#"{"type": "toggle", "label": "Wi-Fi", "value": "0"}"#) == ["Wi-Fi. Switch Button. Off."])
        #expect(try spoken(#"{"type": "toggle", "label": "Wi-Fi", "value": "2"}"#) == ["Wi-Fi. Switch Button. Mixed."])
        // Any other value is said as it is, after the trait word (iOS 17 and later).
        #expect(try spoken(#"{"type": "toggle", "label": "Wi-Fi", "value": "Auto"}"#) == ["Wi-Fi. Switch Button. Auto"])
    }
}
