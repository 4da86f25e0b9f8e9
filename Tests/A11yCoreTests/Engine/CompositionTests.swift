import Testing
@testable import A11yCore
@testable import A11yModel
import A11yCoreTestSupport

/// Blueprint AccessibilityComposition (BlueprintUIAccessibilityCore) and SwiftUI `.combine` (SwiftUI Accessible Grouping),
/// following semantics.md "Composition".
@Suite struct CompositionTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    // MARK: Worked examples of semantics.md

    @Test func threePlainChildrenJoinLabelsAndIdentifiers() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 300, 90)), "children": [
          {"id": "c1", "type": "text", "text": "Label 1", "identifier": "Identifier 1", \(f(0, 0, 300, 30))},
          {"id": "c2", "type": "text", "text": "Label 2", "identifier": "Identifier 2", \(f(0, 30, 300, 30))},
          {"id": "c3", "type": "text", "text": "Label 3", "identifier": "Identifier 3", \(f(0, 60, 300, 30))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Label 1, Label 2, Label 3")
        #expect(e.identifier == "Identifier 1-Identifier 2-Identifier 3")
        #expect(e.value == nil)
        #expect(e.hint == nil)
        #expect(e.actions == [])
        #expect(e.spoken == "Label 1, Label 2, Label 3")
        #expect(a.pointers(e) == ["/root", "/root/children/0", "/root/children/1", "/root/children/2"])
    }

    @Test func singleControlFirstIsMergedAfterTheTexts() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 300, 120)), "children": [
          {"id": "control", "type": "button", "label": "Be sure to include me!", \(f(0, 0, 300, 30))},
          {"id": "foo", "type": "text", "text": "Foo", \(f(0, 30, 300, 30))},
          {"id": "bar", "type": "text", "text": "Bar", \(f(0, 60, 300, 30))},
          {"id": "baz", "type": "text", "text": "Baz", \(f(0, 90, 300, 30))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Foo, Bar, Baz, Be sure to include me!")
        #expect(e.actions == [])
        #expect(e.traits.contains(.button))
        #expect(e.spoken == "Foo, Bar, Baz, Be sure to include me!. Button.")
    }

    @Test func twoControlsBecomeCustomActions() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 300, 150)), "children": [
          {"id": "c1", "type": "button", "label": "Don't include me!", \(f(0, 0, 300, 30))},
          {"id": "foo", "type": "text", "text": "Foo", \(f(0, 30, 300, 30))},
          {"id": "bar", "type": "text", "text": "Bar", \(f(0, 60, 300, 30))},
          {"id": "baz", "type": "text", "text": "Baz", \(f(0, 90, 300, 30))},
          {"id": "c2", "type": "button", "label": "Don't include me either!", \(f(0, 120, 300, 30))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Foo, Bar, Baz")
        #expect(e.actions == ["Don't include me!", "Don't include me either!"])
        #expect(!e.traits.contains(.button), "traits of unmerged interactive children are not taken")
        #expect(e.value == nil)
        #expect(e.spoken == "Foo, Bar, Baz")
    }

    @Test func swiftUICombineReadsMovieCard() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "card", "type": "stack", "grouping": "combine", \(f(16, 100, 358, 120)), "children": [
          {"id": "poster", "type": "image", "label": "Movie poster", \(f(16, 100, 80, 120))},
          {"id": "details", "type": "stack", \(f(108, 100, 200, 60)), "children": [
            {"id": "title", "type": "text", "text": "Inception", \(f(108, 100, 200, 24))},
            {"id": "year", "type": "text", "text": "2010", \(f(108, 130, 200, 20))}
          ]},
          {"id": "chevron", "type": "image", "hidden": true, \(f(350, 150, 12, 20))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        #expect(a.elements[0].label == "Movie poster, Inception, 2010")
        #expect(a.elements[0].spoken == "Movie poster, Inception, 2010. Image.")
        #expect(a.ids(a.elements[0]) == ["card", "poster", "title", "year"])
    }

    // MARK: Interactive children

    @Test func allChildrenInteractiveMergesTheFirstAndKeepsTheRestAsActions() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 300, 44)), "children": [
          {"id": "share", "type": "button", "label": "Share", \(f(150, 0, 44, 44))},
          {"id": "like", "type": "button", "label": "Like", \(f(0, 0, 44, 44))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Like")
        #expect(e.actions == ["Share"])
        #expect(e.traits.contains(.button))
        #expect(e.activationPoint == Point(x: 22, y: 22))
    }

    @Test func singleInteractiveChildMergedKeepsButtonTraitsAndTogglesRead() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "stack", "combinable": {"mergeInteractiveSingleChild": true}, \(f(0, 100, 390, 44)), "children": [
          {"id": "label", "type": "text", "text": "Wi-Fi", \(f(16, 110, 200, 24))},
          {"id": "toggle", "type": "toggle", "value": "1", "actions": [{"name": "Settings"}], \(f(323, 106, 51, 31))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Wi-Fi")
        #expect(e.value == "1")
        #expect(e.traits.contains(.button) && e.traits.contains(.toggleButton))
        #expect(e.actions == ["Settings"], "the merged child's own custom actions are kept")
        #expect(e.activationPoint == Point(x: 348.5, y: 121.5), "activation goes to the merged child")
        #expect(e.spoken == "Wi-Fi. Switch Button. On.")
    }

    @Test func mergedChildActivationPointIsItsOwnWhenGiven() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "stack", "combinable": {}, \(f(0, 100, 390, 44)), "children": [
          {"id": "label", "type": "text", "text": "Wi-Fi", \(f(16, 110, 200, 24))},
          {"id": "toggle", "type": "toggle", "value": "0", "activationPoint": {"x": 360, "y": 120}, \(f(323, 106, 51, 31))}
        ]}}
        """)
        #expect(a.elements.first?.activationPoint == Point(x: 360, y: 120))
    }

    @Test func mergeInteractiveSingleChildFalseTurnsTheChildIntoAnAction() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "stack", "combinable": {"mergeInteractiveSingleChild": false}, \(f(0, 100, 390, 44)), "children": [
          {"id": "label", "type": "text", "text": "Wi-Fi", \(f(16, 110, 200, 24))},
          {"id": "toggle", "type": "toggle", "label": "Wi-Fi switch", "value": "1", \(f(323, 106, 51, 31))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Wi-Fi")
        #expect(e.actions == ["Wi-Fi switch: On"])
        #expect(!e.traits.contains(.button) && !e.traits.contains(.toggleButton))
        // Reading: "their values are appended to the value" as they are read (On/Off).
        #expect(e.value == "On")
        #expect(e.activationPoint == Point(x: 195, y: 122), "no merged child: the combined frame's centre")
    }

    @Test func toggleValuesReadOffOnMixedInActionNames() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "stack", "combinable": {"mergeInteractiveSingleChild": false}, \(f(0, 0, 390, 44)), "children": [
          {"id": "title", "type": "text", "text": "Filters", \(f(0, 0, 100, 44))},
          {"id": "a", "type": "toggle", "label": "Alpha", "value": "0", \(f(100, 0, 60, 44))},
          {"id": "b", "type": "toggle", "label": "Beta", "value": "1", \(f(170, 0, 60, 44))},
          {"id": "c", "type": "button", "traits": ["button", "toggleButton"], "label": "Gamma", "value": "2", \(f(240, 0, 60, 44))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        #expect(a.elements[0].actions == ["Alpha: Off", "Beta: On", "Gamma: Mixed"])
        #expect(a.elements[0].value == "Off, On, Mixed")
    }

    @Test func adjustableChildAddsIncrementAndDecrementActions() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "stack", "combinable": {"mergeInteractiveSingleChild": false}, \(f(0, 160, 390, 44)), "children": [
          {"id": "title", "type": "text", "text": "Alerts", \(f(16, 170, 100, 24))},
          {"id": "level", "type": "slider", "label": "Volume", "value": "50%", \(f(130, 160, 200, 44))},
          {"id": "mute", "type": "toggle", "label": "Mute", "value": "0", \(f(340, 166, 44, 31))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Alerts")
        #expect(e.value == "50%, Off")
        #expect(e.actions == ["Volume: 50%", "Increment Volume", "Decrement Volume", "Mute: Off"])
        #expect(!e.traits.contains(.adjustable))
        #expect(e.spoken == "Alerts: 50%, Off")
    }

    @Test func adjustableAloneIsNotInteractive() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 390, 44)), "children": [
          {"id": "title", "type": "text", "text": "Playback", \(f(0, 0, 100, 44))},
          {"id": "speed", "type": "view", "isAccessibilityElement": true, "traits": ["adjustable"], "label": "Speed", "value": "2x", \(f(100, 0, 100, 44))},
          {"id": "play", "type": "button", "label": "Play", \(f(300, 0, 44, 44))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        // "play" is the only interactive child, so it is merged; "speed" is read like text.
        #expect(e.label == "Playback, Speed, Play")
        #expect(e.value == "2x")
        #expect(e.actions == [])
        #expect(e.traits.contains(.adjustable) && e.traits.contains(.button))
    }

    @Test func emptyActionNamesAreDropped() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 390, 44)), "children": [
          {"id": "title", "type": "text", "text": "Row", "actions": [{"name": ""}, {"name": "Pin"}], \(f(0, 0, 100, 44))},
          {"id": "icon", "type": "button", \(f(200, 0, 44, 44))},
          {"id": "share", "type": "button", "label": "Share", \(f(300, 0, 44, 44))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        // Blueprint's applyAccessibility: with no merged child, the interactive children's actions come first.
        #expect(a.elements[0].actions == ["Share", "Pin"])
    }

    // MARK: De-duplication and joining

    @Test func labelsValuesAndHintsAreDeduplicatedAndEmptiesDropped() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 390, 100)), "children": [
          {"id": "a", "type": "text", "text": "Inception", "value": "PG-13", "hint": "Opens details", \(f(0, 0, 100, 20))},
          {"id": "b", "type": "text", "text": "", "label": "", \(f(0, 20, 100, 20))},
          {"id": "c", "type": "text", "text": "Inception", "value": "2010", "hint": "Opens details", \(f(0, 40, 100, 20))},
          {"id": "d", "type": "text", "text": "Nolan", "value": "PG-13", \(f(0, 60, 100, 20))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Inception, Nolan")
        #expect(e.value == "PG-13, 2010")
        #expect(e.hint == "Opens details")
    }

    @Test func traitsCustomContentAndActionsAreCollected() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 390, 100)), "children": [
          {"id": "a", "type": "text", "text": "Title", "traits": ["header"], "actions": ["Pin"],
           "customContent": [{"label": "Director", "value": "Nolan", "importance": "high"}], \(f(0, 0, 100, 20))},
          {"id": "b", "type": "image", "label": "Poster", "actions": [{"name": "Zoom"}],
           "customContent": [{"label": "Year", "value": "2010"}], \(f(0, 20, 100, 20))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.traits == [.header, .image])
        #expect(e.actions == ["Pin", "Zoom"])
        #expect(e.customContent == [CustomContent(label: "Director", value: "Nolan", importance: .high),
                                    CustomContent(label: "Year", value: "2010", importance: .default)])
    }

    @Test func descendantElementsAreTakenWholeAndHiddenSubtreesSkipped() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "grouping": "combine", \(f(0, 0, 390, 100)), "children": [
          {"id": "leaf", "type": "view", "isAccessibilityElement": true, "label": "Card", \(f(0, 0, 100, 20)), "children": [
            {"id": "inner", "type": "text", "text": "Not read", \(f(0, 0, 100, 20))}
          ]},
          {"id": "hidden", "type": "stack", "hidden": true, \(f(0, 20, 100, 20)), "children": [
            {"id": "h1", "type": "text", "text": "Hidden", \(f(0, 20, 100, 20))}
          ]},
          {"id": "clear", "type": "text", "text": "Transparent", "opacity": 0, \(f(0, 40, 100, 20))},
          {"id": "wrap", "type": "stack", \(f(0, 60, 100, 40)), "children": [
            {"id": "w1", "type": "text", "text": "Walked through", \(f(0, 60, 100, 20))}
          ]}
        ]}}
        """)
        try #require(a.elements.count == 1)
        #expect(a.elements[0].label == "Card, Walked through")
        #expect(a.ids(a.elements[0]) == ["row", "leaf", "w1"])
    }

    // MARK: Sorting, override, traitsAdjust

    @Test func sortingFrameReadsTopToBottom() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {"sorting": "frame"}, \(f(0, 0, 390, 100)), "children": [
          {"id": "b", "type": "text", "text": "Second", \(f(0, 50, 100, 20))},
          {"id": "a", "type": "text", "text": "First", \(f(0, 0, 100, 20))}
        ]}}
        """)
        #expect(a.labels == ["First, Second"])
    }

    @Test func sortingNoneKeepsViewOrder() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {"sorting": "none"}, \(f(0, 0, 390, 100)), "children": [
          {"id": "b", "type": "text", "text": "Second", \(f(0, 50, 100, 20))},
          {"id": "a", "type": "text", "text": "First", \(f(0, 0, 100, 20))}
        ]}}
        """)
        #expect(a.labels == ["Second, First"])
    }

    @Test func overrideReplacesTheCombinedValues() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {"override": {
            "label": "Custom label", "value": "Custom value", "hint": "Custom hint", "identifier": "custom.id", "traits": ["link"]}},
          \(f(0, 0, 390, 44)), "children": [
          {"id": "a", "type": "text", "text": "Child", "value": "v", "hint": "h", "identifier": "child", \(f(0, 0, 100, 20))},
          {"id": "b", "type": "button", "label": "Go", \(f(200, 0, 44, 44))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        // Blueprint overrides the children's representation, then merges the single
        // interactive child into it (`override(with:)` before `applyAccessibility`).
        #expect(e.label == "Custom label, Go")
        #expect(e.value == "Custom value")
        #expect(e.hint == "Custom hint")
        #expect(e.identifier == "custom.id")
        #expect(e.traits == [.button, .link])
        #expect(e.spoken == "Custom label, Go: Custom value. Button. Link.")
    }

    @Test func traitsAdjustAddsAndRemoves() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "stack", "grouping": "combine",
          "combinable": {"traitsAdjust": {"add": ["header"], "remove": ["button"]}}, \(f(0, 0, 390, 44)), "children": [
          {"id": "title", "type": "text", "text": "Inception", \(f(16, 10, 200, 24))},
          {"id": "favorite", "type": "button", "label": "Favorite", \(f(250, 0, 44, 44))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Inception, Favorite")
        #expect(e.traits.contains(.header))
        #expect(!e.traits.contains(.button))
        #expect(e.spoken == "Inception, Favorite. Heading.")
    }

    // MARK: Rotors

    @Test func rotorsOfOneSystemTypeAreSequencedIntoOne() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "view", "combinable": {}, \(f(0, 0, 390, 100)), "children": [
          {"id": "a", "type": "text", "text": "A", \(f(0, 0, 100, 20)),
           "rotors": [{"systemType": "heading", "items": ["a"]}, {"name": "Links", "items": ["a"]}]},
          {"id": "b", "type": "text", "text": "B", \(f(0, 20, 100, 20)),
           "rotors": [{"systemType": "heading", "items": ["b", "c"]}, {"systemType": "link", "items": ["b"]}]},
          {"id": "c", "type": "text", "text": "C", \(f(0, 40, 100, 20)),
           "rotors": [{"systemType": "heading", "items": ["c"]}]}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let ia = a.node("a"), ib = a.node("b"), ic = a.node("c")
        // Named rotors first, then one rotor per system type (Blueprint's RotorSequencer).
        #expect(a.elements[0].rotors == [
            Rotor(name: "Links", items: [ia]),
            Rotor(systemType: "heading", items: [ia, ib, ic, ic]),
            Rotor(systemType: "link", items: [ib]),
        ])
    }

    // MARK: Nothing to say

    /// A combined view with nothing to say is no element, and its subviews are visited as
    /// those of any plain view (Blueprint `CombinableView.blockWhenNotAccessible`): the
    /// unlabelled image is an element of its own, the empty combinable adds nothing.
    @Test func combinedElementWithNothingToSayIsReadThrough() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "screen", "type": "view", \(f(0, 0, 390, 844)), "children": [
          {"id": "row", "type": "stack", "grouping": "combine", \(f(0, 0, 390, 44)), "children": [
            {"id": "icon", "type": "image", \(f(0, 0, 20, 20))},
            {"id": "spacer", "type": "view", \(f(20, 0, 20, 20))}
          ]},
          {"id": "empty", "type": "stack", "combinable": {}, \(f(0, 50, 390, 44))},
          {"id": "after", "type": "text", "text": "After", \(f(0, 100, 100, 20))}
        ]}}
        """)
        #expect(a.labels == [nil, "After"])
        #expect(a.ids(a.elements[0]) == ["icon"])
        #expect(a.elements[0].traits == [.image])
        #expect(a.element("row") == nil)
    }

    /// A zero-size combined view: with something to say it is an element, and the parser
    /// prunes zero-size elements; with nothing to say it is a plain view that does not clip,
    /// walked through (`AccessibilityHierarchyParser`, as `UpstreamVisitTests.
    /// accessibleChildrenFoundThroughZeroFrameNonClippingWrapper`).
    @Test func zeroSizeCombinedViewIsWalkedThroughOnlyWhenSilent() throws {
        func tree(_ child: String) -> String {
            """
            {"root": {"type": "view", \(f(0, 0, 390, 844)), "children": [
              {"id": "wrapper", "type": "view", "combinable": {}, \(f(0, 0, 0, 0)), "children": [
                {"id": "child", "type": "view", "isAccessibilityElement": true, \(child), \(f(0, 0, 100, 20))}
              ]}
            ]}}
            """
        }
        let silent = try Tree.analyze(tree(#""identifier": "x""#))
        #expect(silent.elements.map(\.identifier) == ["x"])
        #expect(silent.ids(silent.elements[0]) == ["child"])
        #expect(try Tree.analyze(tree(#""label": "Said""#)).elements.isEmpty)
    }

    /// Silent combined views nested 100 deep over 50 elements with only identifiers: each
    /// level is read through, and the 50 are visited (each found silent once, so the walk does
    /// not compose the levels below again).
    @Test func deeplyNestedSilentCombinedViewsAreReadThrough() throws {
        let leaves = (0..<50).map { #"{"type": "view", "isAccessibilityElement": true, "identifier": "id\#($0)", \#(f(0, Double($0) * 20, 100, 20))}"# }
        var tree = leaves.joined(separator: ",")
        for level in 0..<100 { tree = #"{"id": "level\#(level)", "type": "view", "combinable": {}, \#(f(0, 0, 390, 1000)), "children": [\#(tree)]}"# }
        let a = try Tree.analyze(#"{"root": \#(tree)}"#)
        #expect(a.elements.map(\.identifier) == (0..<50).map { "id\($0)" })
        #expect(a.element("level0") == nil)
    }

    @Test func combinedNodeOwnLabelComesFirstAndModifiersWin() throws {
        // SwiftUI: .accessibilityElement(children: .combine).accessibilityLabel(...) replaces the label.
        let a = try Tree.analyze("""
        {"root": {"id": "row", "type": "stack", "grouping": "combine", "label": "Card", "hint": "Double tap to open",
          "traits": ["button"], \(f(0, 0, 390, 44)), "children": [
          {"id": "t", "type": "text", "text": "Inception", \(f(0, 0, 100, 20))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        #expect(a.elements[0].label == "Card")
        #expect(a.elements[0].hint == "Double tap to open")
        #expect(a.elements[0].traits.contains(.button))
    }
}

/// Composition meeting the other engines: hidden children, synthetic children, rtl.
@Suite struct CompositionInteractionTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    @Test func hiddenInteractiveChildDoesNotCountUnderCombine() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "grouping": "combine", \(f(0, 0, 390, 44)), "children": [
          {"type": "text", "text": "Wi-Fi", \(f(0, 0, 100, 44))},
          {"type": "button", "label": "Info", "hidden": true, \(f(200, 0, 44, 44))},
          {"type": "toggle", "value": "0", \(f(300, 0, 51, 31))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        #expect(a.elements[0].actions == [], "the visible toggle is the single interactive child")
        #expect(a.elements[0].spoken == "Wi-Fi. Switch Button. Off.")
    }

    @Test func combineReadsSyntheticChildren() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "grouping": "combine", \(f(0, 0, 390, 200)), "children": [
          {"type": "text", "text": "Sales", \(f(0, 0, 100, 20))},
          {"type": "canvas", \(f(0, 30, 390, 170)), "children": [{"type": "text", "text": "Drawn", \(f(0, 30, 50, 20))}],
           "accessibilityChildren": [{"type": "text", "label": "Jan", "value": "120", \(f(0, 30, 40, 170))},
                                     {"type": "text", "label": "Feb", "value": "150", \(f(50, 30, 40, 170))}]}
        ]}}
        """)
        #expect(a.elements.map(\.label) == ["Sales, Jan, Feb"])
        #expect(a.elements.map(\.value) == ["120, 150"])
    }

    @Test func combineSortsRightToLeft() throws {
        let a = try Tree.analyze("""
        {"layoutDirection": "rtl", "root": {"type": "stack", "grouping": "combine", \(f(0, 0, 390, 44)), "children": [
          {"type": "text", "text": "Left", \(f(0, 0, 100, 44))},
          {"type": "text", "text": "Right", \(f(290, 0, 100, 44))}
        ]}}
        """)
        #expect(a.labels == ["Right, Left"])
    }

    @Test func buttonWithNestedIdentifierStaysAButton() throws {
        // The NestedA11yIDs package spec's "Button caveat": the id is for UI tests; the button is still read as a button.
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "a11yRoot": "login", "children": [
          {"id": "signin", "type": "button", "text": "SIGN IN", "nestedIdentifier": "button", "children": [
            {"id": "icon", "type": "image", "label": "Arrow", "nestedIdentifier": "icon"}
          ]}
        ]}}
        """)
        #expect(a.spoken == ["SIGN IN. Button."])
        #expect(a.elements.map(\.identifier) == ["login.button"])
    }
}

@Suite struct MoreSpokenTests {
    @Test func selectedWithLabelAndValue() throws {
        let a = try Tree.analyze(#"{"root": {"type": "tab", "label": "Inbox", "value": "3 new", "traits": ["button", "selected"]}}"#)
        #expect(a.spoken == ["Selected: Inbox: 3 new. Tab."])
    }

    @Test func hiddenTabsDoNotCountInThePosition() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "traits": ["tabBar"], "children": [
          {"type": "tab", "label": "Home", \(Tree.frame(0, 0, 100, 44))},
          {"type": "tab", "label": "Secret", "hidden": true, \(Tree.frame(100, 0, 100, 44))},
          {"type": "tab", "label": "Profile", \(Tree.frame(200, 0, 100, 44))}
        ]}}
        """)
        #expect(a.spoken == ["Home. Tab. 1 of 2.", "Profile. Tab. 2 of 2."])
    }
}
