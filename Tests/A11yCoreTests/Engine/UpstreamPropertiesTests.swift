import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
import A11yTestSupport
import A11yCoreTestSupport

/// What VoiceOver says for plain accessibility properties, traits, custom actions and custom
/// content, reproducing reference screens of cashapp/AccessibilitySnapshot: the view
/// controller Example/AccessibilitySnapshot/<screen>ViewController.swift, the test in
/// Example/SnapshotTests/AccessibilityPropertiesTests.swift and its reference image
/// Example/SnapshotTests/ReferenceImages/_64/SnapshotTests.AccessibilitySnapshotTests/<test>_26_2_402x874@3x.png
/// (testCustomContent: _17_5_393x852, the only one recorded). Each element is compared as the
/// image's legend lists it, in its order: what is said, the hint read after a pause, and the
/// custom actions or custom content listed under it. The screens stack their views in one
/// column (Paralayout's vertical distribution), so the order is the view order here too.
@Suite struct UpstreamPropertiesTests {
    /// Stacks `nodes` vertically (60 pt apart) under a plain root and returns the elements.
    private func elements(_ nodes: [String]) throws -> [AccessibilityElement] {
        let placed = nodes.enumerated().map { k, node in
            node.replacingOccurrences(of: "@FRAME", with: Tree.frame(100, Double(60 + 60 * k), 200, 50))
        }
        return try Tree.analyze(InlineTree.snapshotScreen(placed.joined(separator: ","))).elements
    }

    private func said(_ nodes: [String]) throws -> [Said] {
        try elements(nodes).said
    }

    /// The four views of the custom actions and custom content screens: label and hint, label,
    /// hint, neither (`isAccessibilityElement` views).
    private func fourViews(_ extra: String) -> [String] {
        [#""label": "Label", "hint": "Hint""#, #""label": "Label""#, #""hint": "Hint""#, ""].map { fields in
            #"{"type": "view", "isAccessibilityElement": true, @FRAME"# + (fields.isEmpty ? "" : ", " + fields) + ", " + extra + "}"
        }
    }

    private static let adjust = "Swipe up or down with one finger to adjust the value."

    /// ViewAccessibilityPropertiesViewController / testViewDescription: eight views with every
    /// combination of label, value and hint; the first says nothing and is still visited.
    @Test func viewDescription() throws {
        let fields = ["", #""label": "Label""#, #""value": "Value""#, #""hint": "Hint""#, #""label": "Label", "value": "Value""#,
                      #""label": "Label", "hint": "Hint""#, #""value": "Value", "hint": "Hint""#, #""label": "Label", "value": "Value", "hint": "Hint""#]
        let nodes = fields.map { #"{"type": "view", "isAccessibilityElement": true, @FRAME"# + ($0.isEmpty ? "" : ", " + $0) + "}" }
        #expect(try said(nodes) == [
            Said(""), Said("Label"), Said("Value"), Said("Hint"), Said("Label: Value"),
            Said("Label", "Hint"), Said("Value", "Hint"), Said("Label: Value", "Hint"),
        ])
    }

    /// LabelAccessibilityPropertiesViewController / testLabelDescription: UILabels whose text
    /// is "NN: Text"; an accessibility label replaces the text, a value follows it.
    @Test func labelDescription() throws {
        let fields = ["", #""label": "Label""#, #""value": "Value""#, #""hint": "Hint""#, #""label": "Label", "value": "Value""#,
                      #""label": "Label", "hint": "Hint""#, #""value": "Value", "hint": "Hint""#, #""label": "Label", "value": "Value", "hint": "Hint""#]
        let nodes = fields.enumerated().map { k, more in
            #"{"type": "text", "text": "0\#(k + 1): Text", @FRAME"# + (more.isEmpty ? "" : ", " + more) + "}"
        }
        #expect(try said(nodes) == [
            Said("01: Text"), Said("Label"), Said("03: Text: Value"), Said("04: Text", "Hint"), Said("Label: Value"),
            Said("Label", "Hint"), Said("07: Text: Value", "Hint"), Said("Label: Value", "Hint"),
        ])
    }

    /// ButtonAccessibilityTraitsViewController / testButtonTraits: 27 UIButtons titled "01" …
    /// "27", each given traits that replace the button's own (the format's `traits`).
    @Test func buttonTraits() throws {
        let single = ["button", "link", "header", "searchField", "image", "selected", "playsSound", "keyboardKey",
                      "staticText", "summaryElement", "notEnabled", "updatesFrequently", "startsMediaSession", "adjustable",
                      "allowsDirectInteraction", "causesPageTurn", "tabBar"]
        let traits: [[String]] = [[]] + single.map { [$0] }
            + [["button", "link"], ["button", "header"], ["button", "searchField"], ["button", "image"],
               ["button", "selected"], ["button", "notEnabled"], ["button", "adjustable"], ["button", "keyboardKey"], single]
        let nodes = traits.enumerated().map { k, t in
            let title = k + 1 < 10 ? "0\(k + 1)" : "\(k + 1)"
            return #"{"type": "button", "text": "\#(title)", "traits": [\#(t.map { "\"\($0)\"" }.joined(separator: ", "))], @FRAME}"#
        }
        #expect(try said(nodes) == [
            Said("01"), Said("02. Button."), Said("03. Link."), Said("04. Heading."), Said("05. Search Field."),
            Said("06. Image."), Said("Selected: 07"), Said("08"), Said("09"), Said("10"), Said("11"), Said("12. Dimmed."),
            Said("13"), Said("14"), Said("15. Adjustable.", Self.adjust), Said("16"), Said("17"), Said("18"),
            Said("19. Button. Link."), Said("20. Button. Heading."), Said("21. Button. Search Field."), Said("22. Button. Image."),
            Said("Selected: 23. Button."), Said("24. Dimmed. Button."), Said("25. Button. Adjustable.", Self.adjust), Said("26"),
            Said("Selected: 27. Dimmed. Heading. Link. Adjustable. Image. Search Field."),
        ])
    }

    private static let actions = ["First Action",
                                  "Second Action with a Name that's Super Long and Will Definitely Cause Labels to Wrap when It's Written Out",
                                  "Third Action"]

    /// AccessibilityCustomActionsViewController / testCustomActions: the hint is said in place of
    /// a missing label; every view lists its three actions, even the one that says nothing.
    @Test func customActions() throws {
        let list = Self.actions.map { "\"\($0)\"" }.joined(separator: ", ")
        let e = try elements(fourViews(#""actions": [\#(list)]"#))
        #expect(e.said == [Said("Label", "Hint"), Said("Label"), Said("Hint"), Said("")])
        #expect(e.map(\.actions) == [[String]](repeating: Self.actions, count: 4))
    }

    /// AccessibilityCustomContentViewController / testCustomContent: two items, the second of
    /// high importance, under each of the four views.
    @Test func customContent() throws {
        let e = try elements(fourViews(#""customContent": [{"label": "Custom Content Label", "value": "Custom Content Value"}, {"label": "High Importance Label", "value": "High Importance Value", "importance": "high"}]"#))
        #expect(e.said == [Said("Label", "Hint"), Said("Label"), Said("Hint"), Said("")])
        let content = [CustomContent(label: "Custom Content Label", value: "Custom Content Value", importance: .default),
                       CustomContent(label: "High Importance Label", value: "High Importance Value", importance: .high)]
        #expect(e.map(\.customContent) == [[CustomContent]](repeating: content, count: 4))
    }

    /// Example/SnapshotTests/DefaultControlsTests.swift → testSlider, testPageControl, testStepper
    /// and testStepperAtMin (reference images under SnapshotTests.DefaultControlsTests, iOS 26.2),
    /// each control sent as UIKit reports it: the slider its percentage as value, the page
    /// control "page 2 of 3" with the adjustable trait, the stepper two buttons side by side
    /// (at its minimum UIKit still reports the decrement button enabled). The page control's
    /// user input label ("Page control") is not in the format.
    @Test func defaultControls() throws {
        #expect(try said([#"{"type": "slider", "value": "75%", @FRAME}"#]) == [Said("75%. Adjustable.", Self.adjust)])
        #expect(try said([#"{"type": "view", "isAccessibilityElement": true, "value": "page 2 of 3", "traits": ["adjustable"], @FRAME}"#])
                == [Said("page 2 of 3. Adjustable.", Self.adjust)])
        let stepper = try Tree.analyze("""
        {"root": {"type": "view", \(Tree.frame(0, 0, 402, 874)), "children": [
          {"type": "button", "label": "Decrement", \(Tree.frame(154, 10, 47, 32))},
          {"type": "button", "label": "Increment", \(Tree.frame(201, 10, 47, 32))}]}}
        """).elements.said
        #expect(stepper == [Said("Decrement. Button."), Said("Increment. Button.")])
    }

    /// Example/SnapshotTests/SwiftUISnapshotTests.swift → testSimpleView (SwiftUIView, reference
    /// image under SnapshotTests.SwiftUISnapshotTests, iOS 26.2): ten circles in a VStack, each an
    /// element with `.accessibility(label:value:hint:)` where "" stands for none; the ninth has
    /// the custom action "Custom", the tenth two custom content items.
    @Test func swiftUISimpleView() throws {
        let texts: [(String, String, String)] = [("", "", ""), ("Label", "", ""), ("", "Value", ""), ("", "", "Hint"),
                                                 ("Label", "Value", ""), ("Label", "", "Hint"), ("", "Value", "Hint"),
                                                 ("Label", "Value", "Hint"), ("Label", "Value", "Hint"), ("Label", "Value", "Hint")]
        var nodes = texts.map { l, v, h in
            #"{"type": "view", "isAccessibilityElement": true, "label": "\#(l)", "value": "\#(v)", "hint": "\#(h)", @FRAME"#
        }
        nodes[8] += #", "actions": ["Custom"]"#
        nodes[9] += #", "customContent": [{"label": "Key", "value": "Value"}, {"label": "Important Key", "value": "Important Value", "importance": "high"}]"#
        let e = try elements(nodes.map { $0 + "}" })
        #expect(e.said == [
            Said(""), Said("Label"), Said("Value"), Said("Hint"), Said("Label: Value"), Said("Label", "Hint"),
            Said("Value", "Hint"), Said("Label: Value", "Hint"), Said("Label: Value", "Hint"), Said("Label: Value", "Hint"),
        ])
        #expect(e.map(\.actions) == [[], [], [], [], [], [], [], [], ["Custom"], []])
        #expect(e[9].customContent == [CustomContent(label: "Key", value: "Value", importance: .default),
                                       CustomContent(label: "Important Key", value: "Important Value", importance: .high)])
    }
}
