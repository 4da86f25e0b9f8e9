/// What several rules ask of every element, answered in one pass per run: reading an
/// element's label or its node once here is cheaper than once in every rule that asks.
struct ElementFacts: Sendable {
    /// The node the element stands for.
    let node: Int
    let kind: NodeKind
    /// Operated by the user: operable traits, or the kind of its node.
    let isInteractive: Bool
    let isTextField: Bool
    let isImage: Bool
    /// No label, or one of whitespace only.
    let hasBlankLabel: Bool

    /// The facts of an element standing for `node` with these traits and label.
    /// Inlined: a call passed `nodes` and `label` owned, a retain and release each per element.
    @inline(__always)
    init(node: Int, traits: Traits, label: String?, nodes: [Node]) {
        let kind = nodes[node].kind
        self.node = node
        self.kind = kind
        isInteractive = !traits.isDisjoint(with: AccessibilityElement.operableTraits) || nodes[node].isInteractive
        isTextField = kind == .textField || kind == .secureTextField || !traits.isDisjoint(with: [.textEntry, .searchField])
        isImage = kind == .image || traits.contains(.image)
        hasBlankLabel = label.isBlankOrNil
    }

    static func of(_ analysis: Analysis) -> [ElementFacts] {
        // The analyzer records them while each element is in cache; an analysis built or
        // changed by hand has none, and gets them here.
        if analysis.elementFacts.count == analysis.elements.count { return analysis.elementFacts }
        let nodes = analysis.document.nodes, elements = analysis.elements
        var out: [ElementFacts] = []
        out.reserveCapacity(elements.count)
        // Fields are read in place (`elements[e].traits`): binding each element copied it.
        for e in elements.indices {
            out.append(ElementFacts(node: elements[e].node, traits: elements[e].traits, label: elements[e].label, nodes: nodes))
        }
        return out
    }
}
