import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport

/// The engines and the rules' scan read a node's fields however they were written: by the
/// decoder or by hand on a decoded document.
@Suite struct FieldsSetByHandTests {
    private static let frame = Tree.frame(0, 0, 300, 40)

    private static let plain = """
    {"root": {"type": "stack", \(frame), "children": [
      {"type": "stack", \(frame), "children": [
        {"type": "textField", "label": "Email", "deferralReceiver": true, \(frame)},
        {"type": "text", "text": "Bad address", \(frame)}
      ]},
      {"type": "text", "text": "Name", \(frame)},
      {"type": "textField", \(frame)},
      {"type": "stack", \(frame), "children": [{"type": "text", "text": "One", \(frame)}, {"type": "text", "text": "Two", \(frame)}]},
      {"type": "text", \(frame)},
      {"type": "view", \(frame)},
      {"type": "stack", \(frame), "children": [{"type": "text", "text": "Inner", \(frame)}]},
      {"type": "button", "label": "Act", \(frame)}
    ]}}
    """

    /// The same tree with the fields sent on the wire.
    private static let sent = """
    {"root": {"type": "stack", "a11yRoot": "screen", \(frame), "children": [
      {"type": "stack", "nestedIdentifier": "form", "deferral": {"content": [{"kind": "error", "identifier": "e"}]}, \(frame), "children": [
        {"type": "textField", "label": "Email", "deferralReceiver": true, \(frame)},
        {"type": "text", "text": "Bad address", "deferredSource": "e", \(frame)}
      ]},
      {"type": "text", "text": "Name", "labeledPair": {"role": "label", "id": "name"}, \(frame)},
      {"type": "textField", "labeledPair": {"role": "content", "id": "name"}, \(frame)},
      {"type": "stack", "combinable": {}, \(frame), "children": [{"type": "text", "text": "One", \(frame)}, {"type": "text", "text": "Two", \(frame)}]},
      {"type": "text", "text": "Late", "style": {"foreground": "#777777", "fontSize": 12}, "component": {"pages": 1}, \(frame)},
      {"type": "view", "strategies": {"label": {"just": "Strategic"}}, \(frame)},
      {"type": "stack", "label": "Grouped", \(frame), "children": [{"type": "text", "text": "Inner", \(frame)}]},
      {"type": "button", "label": "Act", "value": "On", "hint": "Does it", "identifier": "act", "actions": ["Delete"],
       "customContent": [{"label": "Size", "value": "L"}], \(frame)}
    ]}}
    """

    /// What the passes that read the fields make of a document.
    private func outcome(_ document: Document) throws -> [String] {
        let a = try Analyzer.analyze(document)
        let scan = NodeScan(document)
        return a.spoken + a.identifiers.map(\.identifier)
            + a.elements.map { "\($0.identifier ?? "-") \($0.actions) \($0.customContent.map(\.label))" } + a.diagnostics.map { "\($0.kind)" }
            + ["styled \(scan.styled)", "components \(scan.withComponent)", "text \(scan.drawingText)",
               "combines \(scan.flags.indices.filter { scan.flags[$0].contains(.combines) })"]
    }

    /// Fields set by hand on decoded nodes change what deferral, labeled pairs, nested
    /// identifiers, element roles and the rules' scan find exactly as if they had been sent; cleared, as if not.
    @Test func passesSeeFieldsSetAndClearedByHand() throws {
        let sent = try outcome(Tree.decode(Self.sent))
        let plain = try Tree.decode(Self.plain)
        var document = plain
        document.nodes[0].a11yRoot = "screen"
        document.nodes[1].nestedIdentifier = "form"
        document.nodes[1].deferral = Deferral(content: [Deferral.Content(kind: .error, identifier: "e")])
        document.nodes[3].deferredSource = "e"
        document.nodes[4].labeledPair = LabeledPair(role: .label, id: "name")
        document.nodes[5].labeledPair = LabeledPair(role: .content, id: "name")
        document.nodes[6].combinable = Combinable()
        document.nodes[9].text = "Late"
        document.nodes[9].style = try Tree.decode(Self.sent).nodes[9].style
        document.nodes[9].component = Component()
        document.nodes[10].strategies = try Tree.decode(Self.sent).nodes[10].strategies
        document.nodes[11].label = "Grouped"
        document.nodes[13].value = "On"
        document.nodes[13].hint = "Does it"
        document.nodes[13].identifier = "act"
        document.nodes[13].actions = ["Delete"]
        document.nodes[13].customContent = [CustomContent(label: "Size", value: "L")]
        #expect(try outcome(document) == sent)
        #expect(try outcome(document) != outcome(plain), "the fields make a difference")

        document.nodes[0].a11yRoot = nil
        document.nodes[1].nestedIdentifier = nil
        document.nodes[1].deferral = nil
        document.nodes[3].deferredSource = nil
        document.nodes[4].labeledPair = nil
        document.nodes[5].labeledPair = nil
        document.nodes[6].combinable = nil
        document.nodes[9].text = ""
        document.nodes[9].style = nil
        document.nodes[9].component = nil
        document.nodes[10].strategies = nil
        document.nodes[11].label = ""
        document.nodes[13].value = nil
        document.nodes[13].hint = ""
        document.nodes[13].identifier = nil
        document.nodes[13].actions = []
        document.nodes[13].customContent = []
        #expect(try outcome(document) == outcome(plain))
    }
}
