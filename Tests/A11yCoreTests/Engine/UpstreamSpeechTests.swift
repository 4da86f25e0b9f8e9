import Testing
@testable import A11yCore
@testable import A11yModel
import A11yTestSupport
import A11yCoreTestSupport

/// What VoiceOver says and the hint it reads after a pause, reproducing reference screens of
/// cashapp/AccessibilitySnapshot (Example/AccessibilitySnapshot/<screen>ViewController.swift and
/// its reference image Example/SnapshotTests/ReferenceImages/_64/SnapshotTests.AccessibilitySnapshotTests/<test>_26_2_402x874@3x.png).
/// Each pair is (spoken, spokenHint) as the image's legend lists them, in its order.
@Suite struct UpstreamSpeechTests {
    /// Stacks `nodes` vertically (40 pt apart) under a plain root and returns what is said.
    private func said(_ nodes: [String], settings: String = "") throws -> [Said] {
        let placed = nodes.enumerated().map { k, node in
            node.replacingOccurrences(of: "@FRAME", with: Tree.frame(100, Double(40 * k), 48, 32))
        }
        return try Tree.said(InlineTree.snapshotScreen(placed.joined(separator: ","), settings: settings))
    }

    private static let adjust = "Swipe up or down with one finger to adjust the value."
    private static let toggle = "Double tap to toggle setting."

    /// DescriptionEdgeCasesViewController / testDescriptionEdgeCases
    @Test func descriptionEdgeCases() throws {
        let e = #"{"type": "view", "isAccessibilityElement": true, @FRAME"#
        #expect(try said([
            e + #", "hint": "Hint", "traits": ["adjustable"]}"#,
            e + #", "label": "Label", "hint": "Hint", "traits": ["adjustable"]}"#,
            e + #", "traits": ["button", "header"]}"#,
            e + #", "traits": ["adjustable"]}"#,
            e + #", "hint": "Hint", "traits": ["button"]}"#,
        ]) == [
            Said("Hint. Adjustable."),
            Said("Label. Adjustable.", "Hint. \(Self.adjust)"),
            Said("Button. Heading."),
            Said("Adjustable.", Self.adjust),
            Said("Hint. Button."),
        ])
    }

    /// SwitchControlViewController / testSwitchControls. A UISwitch is a `toggle` (button and
    /// toggleButton traits, value "1" / "0"; UIKit reports its state, not a custom value); the
    /// "fake" switches are views with UIKit's switch trait, which the format calls `toggleButton`.
    @Test func switchControls() throws {
        let all = #""traits": ["button", "toggleButton", "selected", "header", "link", "adjustable", "image", "searchField"]"#
        let fake = #"{"type": "view", "isAccessibilityElement": true, "label": "Fake Label", @FRAME"#
        #expect(try said([
            #"{"type": "toggle", "value": "1", @FRAME}"#,
            #"{"type": "toggle", "value": "0", @FRAME}"#,
            #"{"type": "toggle", "value": "1", "enabled": false, @FRAME}"#,
            #"{"type": "toggle", "label": "Label", "value": "1", @FRAME}"#,
            #"{"type": "toggle", "label": "Label", "value": "0", @FRAME}"#,
            #"{"type": "toggle", "label": "Label", "value": "1", @FRAME}"#,
            #"{"type": "toggle", "label": "Label", "value": "1", "hint": "Hint", @FRAME}"#,
            #"{"type": "toggle", "label": "Label", "value": "0", "hint": "Hint", "# + all + #", @FRAME}"#,
            #"{"type": "toggle", "label": "Label", "value": "0", "hint": "Hint", "enabled": false, "# + all + #", @FRAME}"#,
            fake + #", "value": "1", "traits": ["toggleButton", "button"]}"#,
            fake + #", "value": "0", "traits": ["toggleButton", "button"]}"#,
            fake + #", "value": "2", "traits": ["toggleButton", "button"]}"#,
            fake + #", "value": "1", "traits": ["toggleButton"]}"#,
            fake + #", "value": "3", "traits": ["toggleButton"]}"#,
            fake + #", "value": "Value", "traits": ["button", "toggleButton"]}"#,
        ]) == [
            Said("Switch Button. On.", Self.toggle),
            Said("Switch Button. Off.", Self.toggle),
            Said("Dimmed. Switch Button. On."),
            Said("Label. Switch Button. On.", Self.toggle),
            Said("Label. Switch Button. Off.", Self.toggle),
            Said("Label. Switch Button. On.", Self.toggle),
            Said("Label. Switch Button. On.", "Hint. \(Self.toggle)"),
            Said("Selected: Label. Switch Button. Off. Heading. Link. Adjustable. Image. Search Field.", "Hint. \(Self.toggle)"),
            Said("Selected: Label. Dimmed. Switch Button. Off. Heading. Link. Adjustable. Image. Search Field.", "Hint"),
            Said("Fake Label. Switch Button. On.", Self.toggle),
            Said("Fake Label. Switch Button. Off.", Self.toggle),
            Said("Fake Label. Switch Button. Mixed.", Self.toggle),
            Said("Fake Label. On.", Self.toggle),
            Said("Fake Label. 3", Self.toggle),
            Said("Fake Label. Switch Button. Value", Self.toggle),
        ])
    }

    /// TabBarViewController / testTabBars, the view with the tabBar trait and accessibility
    /// elements (TabBarTraitContainerView): its elements say "Tab." and their position.
    @Test func tabBarTraitContainer() throws {
        let json = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 402, 874)), "children": [
          {"type": "view", "traits": ["tabBar"], \(Tree.frame(0, 700, 402, 40)), "accessibilityChildren": [
            {"type": "view", "isAccessibilityElement": true, "label": "Item A", \(Tree.frame(0, 700, 80.4, 40))},
            {"type": "view", "isAccessibilityElement": true, "label": "Item B", "traits": ["selected"], \(Tree.frame(80.4, 700, 80.4, 40))},
            {"type": "view", "isAccessibilityElement": true, "label": "Item C", "traits": ["notEnabled"], \(Tree.frame(160.8, 700, 80.4, 40))},
            {"type": "view", "isAccessibilityElement": true, \(Tree.frame(241.2, 700, 80.4, 40))},
            {"type": "view", "isAccessibilityElement": true, "label": "Item E",
             "traits": ["notEnabled", "header", "link", "adjustable", "image", "searchField"], \(Tree.frame(321.6, 700, 80.4, 40))}
          ]}
        ]}}
        """
        #expect(try Tree.said(json) == [
            Said("Item A. Tab. 1 of 5."),
            Said("Selected: Item B. Tab. 2 of 5."),
            Said("Item C. Dimmed. Tab. 3 of 5."),
            Said("Tab. 4 of 5."),
            Said("Item E. Dimmed. Tab. Heading. Link. Adjustable. Image. Search Field. 5 of 5."),
        ])
    }

    /// TabBarViewController / testTabBars, the view with the tabBar trait and buttons
    /// (TabBarTraitView): buttons inside say "Tab.", never "Button.". Only its plain buttons
    /// are reproduced (its multi-element buttons are not in the format), so positions count 5.
    @Test func tabBarTraitButtons() throws {
        let json = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 402, 874)), "children": [
          {"type": "view", "traits": ["tabBar"], \(Tree.frame(0, 600, 402, 40)), "children": [
            {"type": "button", "label": "Item A", \(Tree.frame(0, 600, 50, 40))},
            {"type": "button", "label": "Item B", "traits": ["button", "selected"], \(Tree.frame(50, 600, 50, 40))},
            {"type": "button", "label": "Item C", "enabled": false, \(Tree.frame(100, 600, 50, 40))},
            {"type": "button", \(Tree.frame(150, 600, 50, 40))},
            {"type": "button", "label": "G", "isAccessibilityElement": false, \(Tree.frame(200, 600, 50, 40))},
            {"type": "button", "label": "H", "traits": ["button", "notEnabled", "header", "link", "adjustable", "image", "searchField"],
             \(Tree.frame(250, 600, 50, 40))}
          ]}
        ]}}
        """
        #expect(try Tree.said(json) == [
            Said("Item A. Tab. 1 of 5."),
            Said("Selected: Item B. Tab. 2 of 5."),
            Said("Item C. Dimmed. Tab. 3 of 5."),
            Said("Tab. 4 of 5."),
            Said("H. Dimmed. Tab. Heading. Link. Adjustable. Image. Search Field. 5 of 5."),
        ])
    }

    /// TabBarViewController / testTabBars, the third bar (TabBarTraitView) with its two
    /// MultiElementButtons (reference image `testTabBars_26_2_402x874@3x.png`): the tab that is
    /// no container ("1", "2", "3" as subviews) is read through, its labels sitting 10 pt below
    /// the bar's top line, so after H; the tab whose `accessibilityElements` are
    /// [middle, left, right] is placed by its own frame (AccessibilityHierarchyParser
    /// `overridesElementFrame(with:)`: a `.superview` context with the tabBar trait), so
    /// between the untitled tab and H, read in array order "2", "1", "3".
    @Test func tabBarTraitMultiElementButtons() throws {
        let w = 402.0 / 8
        func labels(_ i: Int, _ order: [Int]) -> String {
            order.map { n in
                #"{"type": "text", "text": "\#(n)", \#(Tree.frame(Double(i) * w + [4, 21, 38][n - 1], 610, 8, 20))}"#
            }.joined(separator: ",")
        }
        let json = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 402, 874)), "children": [
          {"type": "view", "traits": ["tabBar"], \(Tree.frame(0, 600, 402, 40)), "children": [
            {"type": "button", "label": "H", "traits": ["button", "notEnabled", "header", "link", "adjustable", "image", "searchField"],
             \(Tree.frame(7 * w, 600, w, 40))},
            {"type": "view", \(Tree.frame(5 * w, 600, w, 40)), "explicitOrder": true, "accessibilityChildren": [\(labels(5, [2, 1, 3]))]},
            {"type": "button", "label": "Item A", \(Tree.frame(0, 600, w, 40))},
            {"type": "view", \(Tree.frame(4 * w, 600, w, 40)), "children": [\(labels(4, [2])),
              {"type": "view", \(Tree.frame(4 * w, 600, w, 40)), "children": [\(labels(4, [3, 1]))]}]},
            {"type": "button", "label": "Item B", "traits": ["button", "selected"], \(Tree.frame(w, 600, w, 40))},
            {"type": "button", "label": "G", "isAccessibilityElement": false, \(Tree.frame(6 * w, 600, w, 40))},
            {"type": "button", "label": "Item C", "enabled": false, \(Tree.frame(2 * w, 600, w, 40))},
            {"type": "button", \(Tree.frame(3 * w, 600, w, 40))}
          ]}
        ]}}
        """
        #expect(try Tree.said(json) == [
            Said("Item A. Tab. 1 of 11."),
            Said("Selected: Item B. Tab. 2 of 11."),
            Said("Item C. Dimmed. Tab. 3 of 11."),
            Said("Tab. 4 of 11."),
            Said("2. Tab. 5 of 11."),
            Said("1. Tab. 6 of 11."),
            Said("3. Tab. 7 of 11."),
            Said("H. Dimmed. Tab. Heading. Link. Adjustable. Image. Search Field. 8 of 11."),
            Said("1. Tab. 9 of 11."),
            Said("2. Tab. 10 of 11."),
            Said("3. Tab. 11 of 11."),
        ])
    }

    /// AccessibilityPropertiesTests.testNavBarBackButtonTraitsWithTitles and
    /// testNavBarBackButtonTraitsWithoutTitles (NavBarBackButtonAccessibilityTraitsViewController):
    /// a back button says its title, or only "Back Button." when its label is "Back".
    @Test func navBarBackButtonTraits() throws {
        func screen(_ back: String, title: String?, body: String) throws -> [Said] {
            var children = [#"{"type": "button", "label": "\#(back)", "traits": ["button", "backButton"], \#(Tree.frame(16, 62, 44, 44))}"#]
            if let title { children.append(#"{"type": "text", "text": "\#(title)", "traits": ["header"], \#(Tree.frame(170, 73, 60, 20))}"#) }
            children.append(#"{"type": "text", "text": "\#(body)", \#(Tree.frame(20, 426, 362, 20))}"#)
            let json = "{\"root\": {\"type\": \"view\", \(Tree.frame(0, 0, 402, 874)), \"children\": [\(children.joined(separator: ","))]}}"
            return try Tree.said(json)
        }
        #expect(try screen("First", title: "Second", body: "Back Button Accessibility Traits - With Titles") == [
            Said("First. Back Button."), Said("Second. Heading."), Said("Back Button Accessibility Traits - With Titles"),
        ])
        #expect(try screen("Back", title: nil, body: "Back Button Accessibility Traits - Without Titles") == [
            Said("Back Button."), Said("Back Button Accessibility Traits - Without Titles"),
        ])
    }
}
