import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules

/// Walks over all nodes test `Node.has(_:)` instead of loading each node's field row, so the
/// flags must follow the fields however they were written: by the decoder or by the setters.
@Suite struct FieldFlagsTests {
    private static let frame = Tree.frame(0, 0, 300, 40)

    /// Each flagged field set and cleared through its public setter.
    @Test func settersKeepTheFlags() {
        var node = Node()
        #expect(node.fieldFlags.isEmpty)
        func check(_ flag: Node.FieldFlags, set: (inout Node) -> Void, clear: (inout Node) -> Void) {
            set(&node)
            #expect(node.has(flag), "set \(flag)")
            #expect(node.fieldFlags == flag, "only \(flag)")
            clear(&node)
            #expect(!node.has(flag), "cleared \(flag)")
            #expect(node.fieldFlags.isEmpty)
        }
        check(.nonEmptyText, set: { $0.text = "T" }, clear: { $0.text = nil })
        check(.nonEmptyLabel, set: { $0.label = "L" }, clear: { $0.label = nil })
        check(.style, set: { $0.style = Style() }, clear: { $0.style = nil })
        check(.component, set: { $0.component = Component() }, clear: { $0.component = nil })
        check(.combinable, set: { $0.combinable = Combinable() }, clear: { $0.combinable = nil })
        check(.deferral, set: { $0.deferral = Deferral(content: []) }, clear: { $0.deferral = nil })
        check(.deferredSource, set: { $0.deferredSource = "" }, clear: { $0.deferredSource = nil })
        check(.a11yRoot, set: { $0.a11yRoot = "r" }, clear: { $0.a11yRoot = nil })
        check(.nestedIdentifier, set: { $0.nestedIdentifier = "n" }, clear: { $0.nestedIdentifier = nil })
        check(.labeledPair, set: { $0.labeledPair = LabeledPair(role: .label, id: "p") }, clear: { $0.labeledPair = nil })
        check(.strategies, set: { $0.strategies = Strategies() }, clear: { $0.strategies = nil })
        check(.nonEmptyValue, set: { $0.value = "V" }, clear: { $0.value = "" })
        check(.nonEmptyHint, set: { $0.hint = "H" }, clear: { $0.hint = nil })
        check(.nonEmptyIdentifier, set: { $0.identifier = "I" }, clear: { $0.identifier = "" })
        check(.lists, set: { $0.actions = ["a"] }, clear: { $0.actions = [] })
        check(.lists, set: { $0.customContent = [CustomContent(label: "l", value: "v")] }, clear: { $0.customContent = [] })
        check(.lists, set: { $0.rotors = [Rotor(items: [])] }, clear: { $0.rotors = [] })
        // One bit for three lists: it stays while any of them holds something.
        node.actions = ["a"]; node.rotors = [Rotor(items: [])]; node.actions = []
        #expect(node.has(.lists))
        node.rotors = []
        #expect(node.fieldFlags.isEmpty)
        // Empty text and label draw nothing, so they do not count.
        node.text = ""; node.label = ""
        #expect(node.fieldFlags.isEmpty)
        // Copy on write: a copy keeps its flags when the original changes.
        node.text = "T"
        var copy = node
        copy.text = nil
        #expect(node.has(.nonEmptyText) && !copy.has(.nonEmptyText))
    }

    /// The decoder sets the flags from what it stores (empty text or label draws nothing; null is absent).
    @Test func decodedNodesCarryTheirFlags() throws {
        let document = try Tree.decode("""
        {"root": {"type": "stack", "a11yRoot": "screen", "children": [
          {"type": "text", "text": "A", "label": "", "style": {"fontSize": 12}, "component": {"pages": 2}, "hint": "", "actions": []},
          {"type": "text", "text": "", "label": null, "value": "V", "hint": "H", "combinable": {}},
          {"type": "stack", "deferral": {"content": []}, "nestedIdentifier": "", "deferredSource": "",
           "labeledPair": {"role": "content", "id": "p"}, "strategies": {"label": {"just": "S"}},
           "identifier": "I", "customContent": [{"label": "l"}]}
        ]}}
        """)
        let flags = document.nodes.map(\.fieldFlags)
        #expect(flags == [[.a11yRoot], [.nonEmptyText, .style, .component], [.combinable, .nonEmptyValue, .nonEmptyHint],
                          [.deferral, .nestedIdentifier, .deferredSource, .labeledPair, .strategies, .nonEmptyIdentifier, .lists]])
        // Each flag says exactly whether its field holds a value (text and label: a non-empty one).
        for node in document.nodes {
            #expect(node.has(.nonEmptyText) == (node.text?.isEmpty == false))
            #expect(node.has(.nonEmptyLabel) == (node.label?.isEmpty == false))
            #expect(node.has(.style) == (node.style != nil))
            #expect(node.has(.component) == (node.component != nil))
            #expect(node.has(.combinable) == (node.combinable != nil))
            #expect(node.has(.deferral) == (node.deferral != nil))
            #expect(node.has(.deferredSource) == (node.deferredSource != nil))
            #expect(node.has(.a11yRoot) == (node.a11yRoot != nil))
            #expect(node.has(.nestedIdentifier) == (node.nestedIdentifier != nil))
            #expect(node.has(.labeledPair) == (node.labeledPair != nil))
            #expect(node.has(.strategies) == (node.strategies != nil))
            #expect(node.has(.nonEmptyValue) == (node.value?.isEmpty == false))
            #expect(node.has(.nonEmptyHint) == (node.hint?.isEmpty == false))
            #expect(node.has(.nonEmptyIdentifier) == (node.identifier?.isEmpty == false))
            #expect(node.has(.lists) == !(node.actions.isEmpty && node.customContent.isEmpty && node.rotors.isEmpty))
        }
    }

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

    /// What the passes that read the flags make of a document.
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
