import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
import A11yCoreTestSupport

/// Composition as square/Blueprint builds it, reproducing
/// BlueprintUIAccessibilityCore/Tests/AccessibilityCompositionTests.swift (each test names its
/// source). Upstream builds `CompositeRepresentation(elements)` from a list, unsorted: here the
/// elements are children of a `combinable` node with `"sorting": "none"`. Upstream's
/// `Interactive` is a UIControl without traits: a `button` sending `"traits": []`.
@Suite struct UpstreamCompositionTests {
    private func combined(_ children: [String], settings: String = #""sorting": "none""#) throws -> [AccessibilityElement] {
        let placed = children.enumerated().map { k, child in child.replacingOccurrences(of: "@FRAME", with: Tree.frame(0, Double(30 * k), 100, 20)) }
        return try Tree.analyze("""
        {"root": {"type": "view", "combinable": {\(settings)}, \(Tree.frame(0, 0, 390, 400)), "children": [\(placed.joined(separator: ","))]}}
        """).elements
    }

    private func plain(_ fields: String) -> String { "{\"type\": \"view\", \"isAccessibilityElement\": true, @FRAME, \(fields)}" }
    private func interactive(_ label: String, _ more: String = "") -> String { "{\"type\": \"button\", \"traits\": [], \"label\": \"\(label)\", @FRAME\(more)}" }

    /// AccessibilityCompositionTests.test_basic_aggregation and test_basicValues
    @Test func basicAggregation() throws {
        let e = try combined((1...3).map { plain(#""label": "Label \#($0)", "value": "Value \#($0)", "hint": "Hint \#($0)", "identifier": "Identifier \#($0)""#) })
        try #require(e.count == 1)
        #expect(e[0].label == "Label 1, Label 2, Label 3")
        #expect(e[0].value == "Value 1, Value 2, Value 3")
        #expect(e[0].hint == "Hint 1, Hint 2, Hint 3")
        #expect(e[0].identifier == "Identifier 1-Identifier 2-Identifier 3")
    }

    /// AccessibilityCompositionTests.test_traits_aggregation. Upstream's elements have no labels;
    /// here each has one, since a combined element with nothing to read is no element.
    @Test func traitsAggregation() throws {
        let children = [plain(#""label": "H", "traits": ["header"]"#), plain(#""label": "I", "traits": ["image"]"#),
                        plain(#""label": "S", "traits": ["staticText"]"#), plain(#""label": "B", "traits": ["button"]"#)]
        let merged = try combined(children)
        #expect(merged.first?.traits == [.header, .image, .staticText, .button])
        // Excludes the interactive trait when the single interactive child is not merged.
        let apart = try combined(children, settings: #""sorting": "none", "mergeInteractiveSingleChild": false"#)
        #expect(apart.first?.traits == [.header, .image, .staticText])
    }

    /// AccessibilityCompositionTests.test_rotor_aggregation
    @Test func rotorAggregation() throws {
        let e = try combined((1...3).map { plain(#""label": "L\#($0)", "rotors": [{"name": "Rotor \#($0)", "items": []}]"#) })
        #expect(e.first?.rotors.map(\.name) == ["Rotor 1", "Rotor 2", "Rotor 3"])
    }

    /// AccessibilityCompositionTests.test_action_aggregation
    @Test func actionAggregation() throws {
        let e = try combined((1...3).map { plain(#""label": "L\#($0)", "actions": ["Action \#($0)"]"#) })
        #expect(e.first?.actions == ["Action 1", "Action 2", "Action 3"])
    }

    /// AccessibilityCompositionTests.test_customContent_aggregation
    @Test func customContentAggregation() throws {
        let e = try combined((1...3).map { plain(#""label": "L\#($0)", "customContent": [{"label": "Label \#($0)", "value": "Value \#($0)"}]"#) })
        #expect(e.first?.customContent == (1...3).map { CustomContent(label: "Label \($0)", value: "Value \($0)", importance: .default) })
    }

    /// AccessibilityCompositionTests.test_interactive_element_actions: all interactive, the
    /// first is promoted (its activation is the element's), the others are custom actions.
    @Test func interactiveElementActions() throws {
        let e = try combined((1...3).map { interactive("Item \($0)") })
        #expect(e.first?.label == "Item 1")
        #expect(e.first?.actions == ["Item 2", "Item 3"])
    }

    /// AccessibilityCompositionTests.test_single_interactive_element_
    @Test func singleInteractiveElement() throws {
        let e = try combined([interactive("Be sure to include me!")] + ["Foo", "Bar", "Baz"].map { plain(#""label": "\#($0)""#) })
        #expect(e.first?.label == "Foo, Bar, Baz, Be sure to include me!")
        #expect(e.first?.actions == [])
    }

    /// AccessibilityCompositionTests.test_multiple_interactive_elements_
    @Test func multipleInteractiveElements() throws {
        let e = try combined([interactive("Don't include me!"), interactive("Don't include me either!")]
                             + ["Foo", "Bar", "Baz"].map { plain(#""label": "\#($0)""#) })
        #expect(e.first?.label == "Foo, Bar, Baz")
        #expect(e.first?.actions == ["Don't include me!", "Don't include me either!"])
    }

    /// AccessibilityCompositionTests.test_hasAccessibilityRepresentation_givenEmptyAccessibility and
    /// test_blockWhenNotAccessible_givenEmptyAccessibility: parts with only identifiers leave the
    /// combined view without a representation, so it is no element (`blockWhenNotAccessible`
    /// sets `isAccessibilityElement` to false). The parser then walks into it as into any view
    /// that is not an element (`recursiveAccessibilityHierarchy`): its three subviews, elements
    /// with nothing but an identifier, are visited one by one.
    @Test func emptyRepresentationIsNoElement() throws {
        let e = try combined((1...3).map { plain(#""identifier": "Identifier \#($0)""#) })
        #expect(!e.contains { $0.node == 0 })
        #expect(e.map(\.node) == [1, 2, 3])
        #expect(e.map(\.identifier) == ["Identifier 1", "Identifier 2", "Identifier 3"])
        #expect(e.map(\.label) == [nil, nil, nil])
    }

    /// `recursiveAccessibleElements` (AccessibilityComposition.swift) asks each subview's
    /// `isAccessibilityElement`: a nested `CombinableView` with nothing to say answers false,
    /// so Blueprint would take that view's own elements as parts (identifier "t-a-b").
    /// Deliberate difference (docs/fidelity.md): here it gives nothing, as it gave before.
    @Test func silentNestedCombinableGivesNothing() throws {
        let nested = #"{"type": "view", "combinable": {"sorting": "none"}, @FRAME, "children": [\#(["a", "b"].map { #"{"type": "view", "isAccessibilityElement": true, "identifier": "\#($0)", \#(Tree.frame(0, 30, 100, 20))}"# }.joined(separator: ","))]}"#
        let e = try combined([plain(#""label": "Title", "identifier": "t""#), nested])
        try #require(e.count == 1)
        #expect(e[0].label == "Title")
        #expect(e[0].identifier == "t")
        #expect(e[0].nodes == [0, 1])
    }

    /// Blueprint `UIView.recursiveAccessibleElements` (AccessibilityComposition.swift, no
    /// upstream test): a subview that is hidden (`isHidden`, `accessibilityElementsHidden`) is
    /// skipped, but one of alpha 0 is read; a subview with `accessibilityElements` gives exactly
    /// those entries (`compactMap { $0 as? NSObject }`): a hidden entry too, and a container
    /// entry as itself (its label), not walked into.
    @Test func combinedViewTakesListedElementsAsTheyAreAndReadsAlphaZero() throws {
        let e = try Tree.analyze("""
        {"root": {"type": "view", \(Tree.frame(0, 0, 390, 844)), "children": [
          {"type": "view", "combinable": {"sorting": "none"}, \(Tree.frame(0, 0, 390, 200)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "Faded", "opacity": 0, \(Tree.frame(0, 0, 100, 20))},
            {"type": "view", "isAccessibilityElement": true, "label": "Gone", "hidden": true, \(Tree.frame(0, 20, 100, 20))},
            {"type": "view", "explicitOrder": true, \(Tree.frame(0, 40, 390, 100)), "accessibilityChildren": [
              {"type": "view", "isAccessibilityElement": true, "label": "Hidden entry", "hidden": true, \(Tree.frame(0, 40, 100, 20))},
              {"type": "view", "isAccessibilityElement": false, "label": "Group", \(Tree.frame(0, 60, 100, 40)), "children": [
                {"type": "text", "text": "Inner", \(Tree.frame(0, 60, 100, 20))}]}
            ]}
          ]}
        ]}}
        """).elements
        try #require(e.count == 1)
        #expect(e[0].label == "Faded, Hidden entry, Group")
    }

    /// AccessibilityCompositionTests.test_blockWhenNotAccessible_givenPopulatedAccessibility: a
    /// `CombinableView` whose subviews are plain `UIView()`s (zero frames, so `frameSort` keeps
    /// their order) combines on layout and is an element.
    @Test func blockWhenNotAccessibleGivenPopulatedAccessibility() throws {
        let children = (1...3).map { #"{"type": "view", "isAccessibilityElement": true, \#(Tree.frame(0, 0, 0, 0)), "label": "Label \#($0)", "value": "Value \#($0)", "hint": "Hint \#($0)", "identifier": "Identifier \#($0)"}"# }
        let e = try Tree.analyze("""
        {"root": {"type": "view", "combinable": {}, \(Tree.frame(0, 0, 390, 400)), "children": [\(children.joined(separator: ","))]}}
        """).elements
        try #require(e.count == 1)
        #expect(e[0].node == 0)
        #expect(e[0].label == "Label 1, Label 2, Label 3")
        #expect(e[0].value == "Value 1, Value 2, Value 3")
        #expect(e[0].hint == "Hint 1, Hint 2, Hint 3")
        #expect(e[0].identifier == "Identifier 1-Identifier 2-Identifier 3")
    }

    /// Upstream's `InteractiveWithCustomAction`: a control with the button trait, activation
    /// point (20, 20) and the custom action "Interactive Action".
    private func interactiveWithCustomAction(_ label: String, _ more: String = "") -> String {
        #"{"type": "button", "traits": ["button"], "label": "\#(label)", "activationPoint": {"x": 20, "y": 20}, "actions": ["Interactive Action"], @FRAME\#(more)}"#
    }

    /// Upstream's `Adjustable`: a control whose only trait is `adjustable`, no label or value.
    private let adjustable = #"{"type": "slider", "traits": ["adjustable"], @FRAME}"#

    /// AccessibilityCompositionTests.test_applyAccessibility: the single interactive child is
    /// merged in last; its activation point is the element's; its custom action stays.
    @Test func applyAccessibility() throws {
        let same = "Please include me!"
        let e = try combined([interactiveWithCustomAction(same, #", "value": "\#(same)", "hint": "\#(same)", "identifier": "\#(same)""#)]
                             + (1...3).map { plain(#""label": "Label \#($0)", "value": "Value \#($0)", "hint": "Hint \#($0)", "identifier": "Identifier \#($0)", "traits": ["header"]"#) })
        try #require(e.count == 1)
        #expect(e[0].label == "Label 1, Label 2, Label 3, Please include me!")
        #expect(e[0].value == "Value 1, Value 2, Value 3, Please include me!")
        #expect(e[0].hint == "Hint 1, Hint 2, Hint 3, Please include me!")
        #expect(e[0].identifier == "Identifier 1-Identifier 2-Identifier 3-Please include me!")
        #expect(e[0].traits == [.header, .button])
        #expect(e[0].activationPoint == Point(x: 20, y: 20))
        #expect(e[0].actions == ["Interactive Action"])
    }

    /// AccessibilityCompositionTests.test_Adjustable_single: the adjustable control is the single
    /// interactive child, merged in: the element is adjustable (increment and decrement reach the
    /// control) and has no custom actions.
    @Test func adjustableSingle() throws {
        let e = try combined([adjustable, plain(#""label": "Adjustable""#)])
        try #require(e.count == 1)
        #expect(e[0].label == "Adjustable")
        #expect(e[0].traits.contains(.adjustable))
        #expect(e[0].actions == [])
    }

    /// AccessibilityCompositionTests.test_Adjustable_multiple: two interactive children, none
    /// merged. The adjustable one gives "Increment" and "Decrement" (its nameless activation is
    /// dropped), the other its activation then its own custom action. The element itself is not
    /// adjustable (upstream: `accessibilityIncrement()` does nothing).
    @Test func adjustableMultiple() throws {
        let e = try combined([adjustable, plain(#""label": "Not interactive""#), interactiveWithCustomAction("Please include me!")])
        try #require(e.count == 1)
        #expect(e[0].label == "Not interactive")
        #expect(e[0].actions == ["Increment", "Decrement", "Please include me!", "Interactive Action"])
        #expect(!e[0].traits.contains(.adjustable))
        #expect(!e[0].traits.contains(.button))
    }

    // MARK: AccessibilityComposition_RotorSequencerTests

    /// A combined view whose one part carries `rotors`, next to the three result elements
    /// upstream's rotors point at (ids `first`, `second`, `third`).
    private func sequenced(_ rotors: String) throws -> (rotors: [Rotor], results: [Int]) {
        let results = ["first", "second", "third"].enumerated().map { k, id in
            #"{"type": "text", "id": "\#(id)", "label": "\#(id) result", \#(Tree.frame(0, Double(30 * k), 100, 20))}"#
        }
        let analysis = try Tree.analyze("""
        {"root": {"type": "view", \(Tree.frame(0, 0, 390, 400)), "children": [\(results.joined(separator: ",")),
          {"type": "view", "combinable": {}, \(Tree.frame(0, 100, 390, 100)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "Part", \(Tree.frame(0, 100, 390, 100)), "rotors": [\(rotors)]}]}]}}
        """)
        let e = try #require(analysis.elements.first { $0.label == "Part" })
        return (e.rotors, ["first", "second", "third"].map(analysis.node))
    }

    private let linkRotors = #"{"systemType": "link", "items": ["first"]}, {"systemType": "link", "items": ["second"]}, {"systemType": "link", "items": ["third"]}"#
    private let miscRotors = #"{"systemType": "landmark", "items": ["first"]}, {"systemType": "landmark", "items": ["second"]}, {"systemType": "underlineText", "items": ["third"]}"#

    /// RotorSequencerTests.test_consolidation: one rotor per system type.
    @Test func consolidation() throws {
        let rotors = try sequenced(linkRotors + ", " + miscRotors).rotors
        #expect(rotors.count == 3)
        #expect(rotors.map(\.systemType) == ["link", "landmark", "underlineText"])
    }

    /// RotorSequencerTests.test_rotor_cycling: the consolidated link rotor walks the first,
    /// second and third results in turn (and back), with nothing past either end.
    @Test func rotorCycling() throws {
        let (rotors, results) = try sequenced(linkRotors)
        try #require(rotors.count == 1)
        #expect(rotors[0].systemType == "link")
        #expect(rotors[0].items == results)
    }

    /// RotorSequencerTests.test_namedRotors_ignored: named rotors are kept as they are.
    @Test func namedRotorsIgnored() throws {
        let rotors = try sequenced(#"{"name": "named", "items": ["first"]}, {"name": "also named", "items": ["second"]}"#).rotors
        #expect(rotors.map(\.name) == ["named", "also named"])
        #expect(rotors.map(\.systemType) == [nil, nil])
    }

    /// BlueprintUICommonControls/UITests/AccessibilityContainerTests.swift →
    /// test_accessibilityElementsWithCollectionView: Blueprint's `Accessibility.frameSort` in
    /// both directions over the same walk (`isHidden` and `accessibilityElementsHidden` subtrees
    /// skipped, a nested element found through a plain container), read here as the order of
    /// a combined element's parts. "Middle" is within 8 pt of "Top Left" but not of "Top
    /// Right", so right to left is not the reverse. (The collection view upstream keeps as one
    /// element is not in the format.)
    @Test func frameSortOfAccessibilityContainer() throws {
        func mock(_ label: String, _ x: Double, _ y: Double, _ more: String = "") -> String {
            #"{"type": "view", "isAccessibilityElement": true, "label": "\#(label)", \#(Tree.frame(x, y, 50, 50))\#(more)}"#
        }
        let children = [mock("Top Left", 10, 14), mock("Top Right", 300, 10), mock("Middle", 150, 19),
                        #"{"type": "view", \#(Tree.frame(0, 100, 50, 50))}"#,
                        mock("Hidden", 0, 150, #", "hidden": true"#),
                        #"{"type": "view", "hidden": true, \#(Tree.frame(0, 300, 100, 50)), "children": [\#(mock("Child", 10, 300))]}"#,
                        #"{"type": "view", \#(Tree.frame(0, 400, 100, 50)), "children": [\#(mock("Nested", 0, 400))]}"#]
        func labels(_ direction: String) throws -> String? {
            try Tree.analyze("""
            {"layoutDirection": "\(direction)", "root": {"type": "view", "combinable": {}, \(Tree.frame(0, 0, 400, 1000)), "children": [\(children.joined(separator: ","))]}}
            """).elements.first?.label
        }
        #expect(try labels("ltr") == "Top Left, Top Right, Middle, Nested")
        #expect(try labels("rtl") == "Top Right, Middle, Top Left, Nested")
    }

    // MARK: Rules of AccessibilityComposition.swift

    /// `CompositeRepresentation.init`: a disabled control (`isAccessibilityEnabled` false) gets no
    /// activation action, so it leaves no custom action behind.
    @Test func disabledInteractiveChildYieldsNoAction() throws {
        let e = try combined([interactive("Archive"), interactive("Delete", #", "enabled": false"#), plain(#""label": "Mail""#)])
        #expect(e.first?.label == "Mail")
        #expect(e.first?.actions == ["Archive"])
    }

    /// `accessibilityAction(didFire:)`: "label: value" with both, else the label; a child with
    /// only a value gives a nameless action, which is dropped.
    @Test func activationNames() throws {
        let e = try combined([interactive("Volume", #", "value": "50%""#),
                              #"{"type": "button", "traits": [], "value": "3", @FRAME}"#, plain(#""label": "Row""#)])
        #expect(e.first?.actions == ["Volume: 50%"])
        #expect(e.first?.value == "50%, 3")
    }

    /// `applyAccessibility`: the merged child's texts are appended unless equal to the whole
    /// text so far (`[label, child.label].removingDuplicates`), so a repeat inside is kept.
    @Test func mergedChildTextIsComparedWithTheWhole() throws {
        #expect(try combined([plain(#""label": "Name""#), plain(#""label": "Save""#), interactive("Save")]).first?.label == "Name, Save, Save")
        #expect(try combined([plain(#""label": "Save""#), interactive("Save")]).first?.label == "Save")
    }

    /// `allActions` of an interactive child that is not merged: activation, its own custom
    /// actions, then increment and decrement named with the label, or the value without one.
    @Test func adjustableChildActionsFollowItsCustomActions() throws {
        let e = try combined([#"{"type": "slider", "label": "Volume", "value": "50%", "actions": ["Mute"], @FRAME}"#,
                              #"{"type": "slider", "value": "3", @FRAME}"#, plain(#""label": "Row""#)])
        #expect(e.first?.actions == ["Volume: 50%", "Mute", "Increment Volume", "Decrement Volume", "Increment 3", "Decrement 3"])
    }

    /// `applyAccessibility` takes custom content from the representation (the read-only parts)
    /// only; the merged child's rotors are appended after the sequenced ones, not sequenced.
    @Test func mergedChildGivesNoCustomContentAndUnsequencedRotors() throws {
        let e = try combined([plain(#""label": "Row", "customContent": [{"label": "Kept", "value": "1"}], "rotors": [{"systemType": "heading", "items": []}]"#),
                              interactive("Go", #", "customContent": [{"label": "Dropped", "value": "2"}], "rotors": [{"systemType": "heading", "items": []}]"#)])
        #expect(e.first?.customContent.map(\.label) == ["Kept"])
        #expect(e.first?.rotors.map { $0.systemType ?? "" } == ["heading", "heading"])
    }

    /// `CombinableView.updateAccessibility` overrides the combined representation, then
    /// `applyAccessibility` merges the single interactive child into it; `override(with:)`
    /// rebuilds the representation from no elements, so "all interactive" no longer merges
    /// the first (`elementsCount` is 0), and empty override traits keep the children's.
    @Test func overrideComesBeforeTheMergedChild() throws {
        let single = try combined([plain(#""label": "Title", "traits": ["header"]"#), interactive("Go")],
                                  settings: #""sorting": "none", "override": {"label": "Custom", "traits": []}"#)
        #expect(single.first?.label == "Custom, Go")
        #expect(single.first?.traits == [.header])
        let all = try combined([interactive("One"), interactive("Two")], settings: #""sorting": "none", "override": {"label": "Custom"}"#)
        #expect(all.first?.label == "Custom")
        #expect(all.first?.actions == ["One", "Two"])
    }

    /// AccessibilityDeferral.swift, `ReceiverContainerView.init`: `mergeInteractiveSingleChild =
    /// false`, so a combined receiver keeps its single interactive child apart (a custom action,
    /// its value appended) where a plain `CombinableView` would merge it.
    @Test func combinedReceiverDoesNotMergeItsInteractiveChild() throws {
        let e = try Tree.analyze("""
        {"root": {"type": "view", \(Tree.frame(0, 0, 390, 200)), "deferral": {"content": [{"kind": "error", "identifier": "error"}]}, "children": [
          {"type": "view", "combinable": {}, "deferralReceiver": true, \(Tree.frame(0, 0, 390, 44)), "children": [
            {"type": "text", "text": "Email", \(Tree.frame(0, 0, 100, 44))},
            {"type": "textField", "label": "Email field", "value": "jane@", \(Tree.frame(100, 0, 290, 44))}]},
          {"type": "text", "text": "Invalid input", "deferredSource": "error", \(Tree.frame(0, 50, 390, 20))}]}}
        """).elements
        try #require(e.count == 1)
        #expect(e[0].label == "Email, Invalid input")
        #expect(e[0].value == "jane@")
        #expect(e[0].actions == ["Email field: jane@"])
        #expect(!e[0].traits.contains(.textEntry))
    }

    /// `CombinableView.updateAccessibility` (AccessibilityComposition.swift): `combineChildren`,
    /// then `.merge(with: mergeValues)` (the deferred content, `ReceiverContainerView.
    /// updateDeferredAccessibility`), then `applyAccessibility`, which appends the interactive
    /// children's values last. So the deferred value comes before the text field's value.
    @Test func combinedReceiverPutsTheDeferredValueBeforeItsInteractiveChildrensValues() throws {
        let e = try Tree.analyze("""
        {"root": {"type": "view", \(Tree.frame(0, 0, 390, 200)), "deferral": {"content": [{"kind": "inherited", "identifier": "total"}]}, "children": [
          {"type": "view", "combinable": {}, "deferralReceiver": true, \(Tree.frame(0, 0, 390, 44)), "children": [
            {"type": "text", "text": "Amount", "value": "Dollars", \(Tree.frame(0, 0, 100, 44))},
            {"type": "toggle", "label": "Round up", "value": "1", \(Tree.frame(300, 0, 90, 44))},
            {"type": "textField", "label": "Amount field", "value": "12", \(Tree.frame(100, 0, 190, 44))}]},
          {"type": "text", "text": "Total", "value": "$12.00", "deferredSource": "total", \(Tree.frame(0, 50, 390, 20))}]}}
        """).elements
        try #require(e.count == 1)
        #expect(e[0].label == "Amount, Total")
        // The parts in frame order (`frameSort`): the text field (x 100) before the toggle (x 300).
        #expect(e[0].value == "Dollars, $12.00, 12, On")
        #expect(e[0].actions == ["Amount field: 12", "Round up: On"])
    }

    /// `RotorSequencer`: named rotors first, then one rotor per system type.
    @Test func namedRotorsComeBeforeSequencedSystemRotors() throws {
        let e = try combined([plain(#""label": "A", "rotors": [{"systemType": "heading", "items": []}]"#),
                              plain(#""label": "B", "rotors": [{"name": "Named", "items": []}]"#)])
        #expect(e.first?.rotors.map { $0.name ?? $0.systemType ?? "" } == ["Named", "heading"])
    }
}
