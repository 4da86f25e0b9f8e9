import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
import A11yCoreTestSupport

/// Blueprint AccessibilityDeferral (BlueprintUIAccessibilityCore).
@Suite struct DeferralTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    private let field = """
    {"id": "input", "type": "textField", "label": "Email", "value": "jane@", "deferralReceiver": true, "frame": {"x": 0, "y": 0, "width": 300, "height": 44}}
    """
    private let helper = """
    {"id": "helper", "type": "text", "text": "We never share your email", "deferredSource": "field-helper", "frame": {"x": 0, "y": 50, "width": 300, "height": 18}}
    """
    private let error = """
    {"id": "error", "type": "text", "text": "Invalid input", "deferredSource": "field-error", "frame": {"x": 0, "y": 70, "width": 300, "height": 18}}
    """
    private let content = """
    "deferral": {"content": [{"kind": "inherited", "importance": "default", "identifier": "field-helper"}, {"kind": "error", "identifier": "field-error"}]}
    """

    private func container(_ children: [String], deferral: String? = nil) throws -> Analysis {
        try Tree.analyze("""
        {"root": {"id": "container", "type": "stack", \(deferral ?? content), \(f(0, 0, 300, 100)), "children": [\(children.joined(separator: ","))]}}
        """)
    }

    @Test func oneReceiverTakesInheritedAndErrorContent() throws {
        let a = try container([field, helper, error])
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Email, We never share your email, Invalid input")
        #expect(e.value == "jane@")
        #expect(e.customContent == [
            CustomContent(label: "We never share your email", value: "", importance: .default),
            CustomContent(label: "Error", value: "Invalid input", importance: .high),
        ])
        #expect(e.spoken == "Email, We never share your email, Invalid input: jane@. Text Field.")
        #expect(a.ids(e) == ["input", "helper", "error"])
        #expect(a.element("error")?.node == a.node("input"))
        #expect(a.diagnostics.isEmpty)
    }

    @Test func errorValueIsLabelCommaValue() throws {
        let source = """
        {"id": "error", "type": "text", "label": "Invalid", "value": "Too short", "hint": "Use 8 characters", "deferredSource": "e", "frame": {"x": 0, "y": 50, "width": 300, "height": 18}}
        """
        let a = try container([field, source], deferral: #""deferral": {"content": [{"kind": "error", "importance": "default", "identifier": "e"}]}"#)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.customContent == [CustomContent(label: "Error", value: "Invalid, Too short", importance: .high)])
        #expect(e.label == "Email, Invalid")
        #expect(e.value == "jane@, Too short")
        #expect(e.hint == "Use 8 characters")
    }

    @Test func inheritedContentKeepsItsImportance() throws {
        let source = """
        {"id": "count", "type": "text", "label": "Characters", "value": "12 of 20", "deferredSource": "c", "frame": {"x": 0, "y": 50, "width": 300, "height": 18}}
        """
        let a = try container([field, source], deferral: #""deferral": {"content": [{"kind": "inherited", "importance": "high", "identifier": "c"}]}"#)
        #expect(a.elements.map(\.customContent) == [[CustomContent(label: "Characters", value: "12 of 20", importance: .high)]])
    }

    @Test func sourceSubtreeIsReadAsOne() throws {
        let source = """
        {"id": "help", "type": "stack", "deferredSource": "field-helper", "frame": {"x": 0, "y": 50, "width": 300, "height": 40}, "children": [
          {"id": "h1", "type": "text", "text": "Tip", "frame": {"x": 0, "y": 50, "width": 300, "height": 18}},
          {"id": "h2", "type": "text", "text": "Use your work email", "frame": {"x": 0, "y": 70, "width": 300, "height": 18}}
        ]}
        """
        let a = try container([field, source], deferral: #""deferral": {"content": [{"kind": "inherited", "identifier": "field-helper"}]}"#)
        try #require(a.elements.count == 1)
        #expect(a.elements[0].label == "Email, Tip, Use your work email")
        #expect(a.elements[0].customContent == [CustomContent(label: "Tip, Use your work email", value: "", importance: .default)])
        #expect(a.element("h2")?.node == a.node("input"))
    }

    @Test func noReceiverLeavesSourcesExposed() throws {
        let a = try container([helper, error])
        #expect(a.labels == ["We never share your email", "Invalid input"])
        #expect(a.elements.allSatisfy { $0.customContent.isEmpty })
        let d = a.diagnostics(.deferralErrorWithoutReceiver)
        #expect(d.map(\.node) == [a.node("error")])
    }

    @Test func twoReceiversDeferNothing() throws {
        let second = """
        {"id": "confirm", "type": "textField", "label": "Confirm email", "deferralReceiver": true, "frame": {"x": 0, "y": 100, "width": 300, "height": 44}}
        """
        let a = try container([field, helper, error, second])
        #expect(a.labels == ["Email", "We never share your email", "Invalid input", "Confirm email"])
        #expect(a.elements.allSatisfy { $0.customContent.isEmpty })
        let d = a.diagnostics(.deferralSeveralReceivers)
        #expect(d.map(\.node) == [a.node("container")])
        #expect(d.first?.related == [a.node("input"), a.node("confirm")])
    }

    @Test func contentMatchingTwoSourcesIsNoMatch() throws {
        let twin = """
        {"id": "error2", "type": "text", "text": "Also invalid", "deferredSource": "field-error", "frame": {"x": 0, "y": 90, "width": 300, "height": 18}}
        """
        let a = try container([field, helper, error, twin])
        #expect(a.labels == ["Email, We never share your email", "Invalid input", "Also invalid"])
        #expect(a.elements[0].customContent == [CustomContent(label: "We never share your email", value: "", importance: .default)])
        let d = a.diagnostics(.deferralContentWithSeveralSources)
        #expect(d.map(\.node) == [a.node("container")])
        #expect(d.first?.related == [a.node("error"), a.node("error2")])
    }

    @Test func contentWithoutSourceIsReported() throws {
        let a = try container([field, helper])
        #expect(a.labels == ["Email, We never share your email"])
        #expect(a.diagnostics(.deferralContentWithoutSource).map(\.node) == [a.node("container")])
    }

    @Test func nestedContainersAddToTheSameReceiver() throws {
        // Blueprint shares one update pass between nested containers, so their content combines.
        let a = try Tree.analyze("""
        {"root": {"id": "outer", "type": "stack", "deferral": {"content": [{"kind": "inherited", "identifier": "helper"}]}, \(f(0, 0, 300, 200)), "children": [
          {"id": "inner", "type": "stack", "deferral": {"content": [{"kind": "error", "identifier": "err"}]}, \(f(0, 0, 300, 100)), "children": [
            \(field),
            {"id": "error", "type": "text", "text": "Required", "deferredSource": "err", \(f(0, 50, 300, 18))}
          ]},
          {"id": "helper", "type": "text", "text": "Work email", "deferredSource": "helper", \(f(0, 120, 300, 18))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Email, Work email, Required")
        #expect(e.customContent == [
            CustomContent(label: "Work email", value: "", importance: .default),
            CustomContent(label: "Error", value: "Required", importance: .high),
        ])
        #expect(a.diagnostics.isEmpty)
    }

    @Test func hiddenSourceIsNotDeferred() throws {
        let hiddenError = """
        {"id": "error", "type": "text", "text": "Invalid input", "hidden": true, "deferredSource": "field-error", "frame": {"x": 0, "y": 70, "width": 300, "height": 18}}
        """
        let a = try container([field, helper, hiddenError])
        #expect(a.labels == ["Email, We never share your email"])
        #expect(a.diagnostics(.deferralContentWithoutSource).count == 1)
    }

    @Test func receiverCanBeACombinedElement() throws {
        let receiver = """
        {"id": "row", "type": "stack", "grouping": "combine", "deferralReceiver": true, \(f(0, 0, 300, 44)), "children": [
          {"type": "text", "text": "Amount", \(f(0, 0, 100, 44))}, {"type": "textField", "value": "12", \(f(100, 0, 200, 44))}
        ]}
        """
        let a = try container([receiver, error], deferral: #""deferral": {"content": [{"kind": "error", "identifier": "field-error"}]}"#)
        try #require(a.elements.count == 1)
        #expect(a.elements[0].label == "Amount, Invalid input")
        #expect(a.elements[0].customContent == [CustomContent(label: "Error", value: "Invalid input", importance: .high)])
    }
}

@Suite struct DeferralSourceTests {
    @Test func unmatchedSourceStaysExposed() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "deferral": {"content": [{"kind": "inherited", "identifier": "helper"}]}, "children": [
          {"type": "textField", "label": "Name", "deferralReceiver": true, \(Tree.frame(0, 0, 300, 44))},
          {"type": "text", "text": "Helper", "deferredSource": "helper", \(Tree.frame(0, 50, 300, 20))},
          {"type": "text", "text": "Other", "deferredSource": "other", \(Tree.frame(0, 80, 300, 20))}
        ]}}
        """)
        #expect(a.labels == ["Name, Helper", "Other"])
    }

    @Test func sourcesOutsideAnyContainerAreIgnored() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "children": [
          {"type": "stack", "deferral": {"content": [{"kind": "error", "identifier": "err"}]}, "children": [
            {"type": "textField", "label": "Name", "deferralReceiver": true, \(Tree.frame(0, 0, 300, 44))}
          ]},
          {"type": "text", "text": "Outside error", "deferredSource": "err", \(Tree.frame(0, 80, 300, 20))}
        ]}}
        """)
        #expect(a.labels == ["Name", "Outside error"])
        #expect(a.diagnostics(.deferralContentWithoutSource).count == 1)
    }
}
