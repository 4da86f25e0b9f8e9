import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
import A11yCoreTestSupport

/// Deferral as square/Blueprint builds it, reproducing
/// BlueprintUIAccessibilityCore/Tests/AccessibilityDeferralTests.swift (each test names its
/// source) and the rules of AccessibilityDeferral.swift. A representation made of one element
/// is a `deferredSource` view element; the receiver is a view element with nothing of its own.
@Suite struct UpstreamDeferralTests {
    private func f(_ x: Double, _ y: Double) -> String { Tree.frame(x, y, 300, 20) }

    private func source(_ id: String, y: Double, _ fields: String) -> String {
        "{\"type\": \"view\", \"isAccessibilityElement\": true, \"deferredSource\": \"\(id)\", \(f(0, y)), \(fields)}"
    }

    /// A deferral container with `content` (JSON items), a receiver first, then `sources`.
    private func receiver(_ content: [String], receiver: String = "", _ sources: [String]) throws -> Analysis {
        let own = receiver.isEmpty ? "" : ", \(receiver)"
        let children = ["{\"type\": \"view\", \"isAccessibilityElement\": true, \"deferralReceiver\": true, \(f(0, 0))\(own)}"] + sources
        return try Tree.analyze("""
        {"root": {"type": "stack", \(Tree.frame(0, 0, 300, 400)), "deferral": {"content": [\(content.joined(separator: ","))]},
         "children": [\(children.joined(separator: ","))]}}
        """)
    }

    private func inherited(_ id: String, _ importance: String = "default") -> String {
        "{\"kind\": \"inherited\", \"importance\": \"\(importance)\", \"identifier\": \"\(id)\"}"
    }

    /// AccessibilityDeferralTests.test_merge_multiple_representations
    @Test func mergeMultipleRepresentations() throws {
        let a = try receiver([inherited("1"), inherited("2"), inherited("3")], [
            source("1", y: 100, #""label": "Label 1", "value": "Value 1", "hint": "Hint 1""#),
            source("2", y: 200, #""label": "Label 2", "value": "Value 2", "hint": "Hint 2""#),
            source("3", y: 300, #""label": "Label 3", "value": "Value 3", "hint": "Hint 3""#),
        ])
        try #require(a.elements.count == 1)
        #expect(a.elements[0].label == "Label 1, Label 2, Label 3")
        #expect(a.elements[0].value == "Value 1, Value 2, Value 3")
        #expect(a.elements[0].hint == "Hint 1, Hint 2, Hint 3")
    }

    /// AccessibilityDeferralTests.test_merge_two_representations
    @Test func mergeTwoRepresentations() throws {
        let a = try receiver([inherited("1"), inherited("2")], [
            source("1", y: 100, #""label": "First", "value": "A""#), source("2", y: 200, #""label": "Second", "value": "B""#),
        ])
        #expect(a.elements.map(\.label) == ["First, Second"])
        #expect(a.elements.map(\.value) == ["A, B"])
    }

    /// AccessibilityDeferralTests.test_merge_preserves_traits: the receiver takes the sources' traits.
    @Test func mergePreservesTraits() throws {
        let a = try receiver([inherited("1"), inherited("2")], [
            source("1", y: 100, #""label": "Header", "traits": ["header"]"#),
            source("2", y: 200, #""label": "Static", "traits": ["staticText"]"#),
        ])
        try #require(a.elements.count == 1)
        #expect(a.elements[0].traits.contains(.header))
        #expect(a.elements[0].traits.contains(.staticText))
    }

    /// AccessibilityDeferralTests.test_merge_with_nil_returns_self: nothing deferred (the
    /// content names no source), the receiver keeps its own texts.
    @Test func mergeWithNothingKeepsTheReceiver() throws {
        let a = try receiver([inherited("missing")], receiver: #""label": "Only", "value": "One""#, [])
        #expect(a.elements.map(\.label) == ["Only"])
        #expect(a.elements.map(\.value) == ["One"])
    }

    /// AccessibilityDeferralTests.test_apply_propagates_actions_from_sources
    @Test func applyPropagatesActionsFromSources() throws {
        let a = try receiver([inherited("1")], [source("1", y: 100, #""label": "Action Source", "actions": ["Test Action"]"#)])
        #expect(a.elements.first?.actions.first == "Test Action")
    }

    /// AccessibilityDeferralTests.test_parentContainerWithDuplicateReceiversClearsDeferralContent
    @Test func duplicateReceiversClearDeferralContent() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", \(Tree.frame(0, 0, 100, 100)), "deferral": {"content": [\(inherited("source"))]}, "children": [
          {"type": "text", "text": "Source", "deferredSource": "source", \(Tree.frame(0, 0, 100, 20))},
          {"type": "text", "text": "First receiver", "deferralReceiver": true, \(Tree.frame(0, 30, 100, 20))},
          {"type": "text", "text": "Second receiver", "deferralReceiver": true, \(Tree.frame(0, 60, 100, 20))}
        ]}}
        """)
        #expect(a.labels == ["Source", "First receiver", "Second receiver"])
        #expect(a.elements.allSatisfy { $0.customContent.isEmpty })
    }

    /// AccessibilityDeferralTests.test_content_inherited_customContent
    @Test func inheritedCustomContent() throws {
        let a = try receiver([inherited("id", "high")], [source("id", y: 100, #""label": "Error Label", "value": "Error Value""#)])
        #expect(a.elements.first?.customContent == [CustomContent(label: "Error Label", value: "Error Value", importance: .high)])
    }

    /// AccessibilityDeferralTests.test_content_error_customContent (importance high), with the
    /// label and value Content.customContent gives an error.
    @Test func errorCustomContent() throws {
        let a = try receiver([#"{"kind": "error", "identifier": "id"}"#], [source("id", y: 100, #""label": "Field", "value": "is required""#)])
        #expect(a.elements.first?.customContent == [CustomContent(label: "Error", value: "Field, is required", importance: .high)])
    }

    /// AccessibilityDeferralTests.test_content_nil_accessibility_returns_nil: no source, no content.
    @Test func noAccessibilityNoCustomContent() throws {
        let a = try receiver([inherited("id")], receiver: #""label": "Receiver""#, [])
        #expect(a.elements.first?.customContent == [])
    }

    // MARK: Rules of AccessibilityDeferral.swift / AccessibilityComposition.swift

    /// `merge(with:)` joins with `joinedAccessibilityString`, which keeps repeats.
    @Test func mergeDoesNotDeduplicate() throws {
        let a = try receiver([inherited("1")], receiver: #""label": "Email""#, [source("1", y: 100, #""label": "Email""#)])
        #expect(a.elements.map(\.label) == ["Email, Email"])
    }

    /// `makeContent(importance:)`: a source with only a value gives it as the content's label.
    @Test func sourceWithOnlyAValue() throws {
        let a = try receiver([inherited("1")], receiver: #""label": "Total""#, [source("1", y: 100, #""value": "$12.00""#)])
        #expect(a.elements.first?.customContent == [CustomContent(label: "$12.00", value: "", importance: .default)])
        #expect(a.elements.first?.value == "$12.00")
    }

    /// `makeContent(importance:)`: an action named like the label wins over custom content; an
    /// interactive source (`ignoreInteractive: false`) is one representation whose activation is
    /// an action named "label" (or "label: value").
    @Test func interactiveSourceBecomesAnActionNotContent() throws {
        let a = try receiver([inherited("1")], receiver: #""label": "Card""#,
                             [#"{"type": "button", "label": "Retry", "deferredSource": "1", "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}"#])
        try #require(a.elements.count == 1)
        #expect(a.elements[0].label == "Card, Retry")
        #expect(a.elements[0].actions == ["Retry"])
        #expect(a.elements[0].customContent == [])
        #expect(a.elements[0].traits.contains(.button))
    }

    /// A disabled interactive source gives no activation action (`isAccessibilityEnabled`), so
    /// its label is custom content again.
    @Test func disabledInteractiveSourceHasNoAction() throws {
        let a = try receiver([inherited("1")], receiver: #""label": "Card""#,
                             [#"{"type": "button", "label": "Retry", "enabled": false, "deferredSource": "1", "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}"#])
        #expect(a.elements.first?.actions == [])
        #expect(a.elements.first?.customContent == [CustomContent(label: "Retry", value: "", importance: .default)])
    }
}
