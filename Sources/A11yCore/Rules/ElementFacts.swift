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

    static func of(_ analysis: Analysis) -> [ElementFacts] {
        let nodes = analysis.document.nodes, elements = analysis.elements
        var out: [ElementFacts] = []
        out.reserveCapacity(elements.count)
        // Fields are read in place (`elements[e].traits`): binding each element copied it.
        for e in elements.indices {
            let node = elements[e].node, traits = elements[e].traits
            let kind = nodes[node].kind
            out.append(ElementFacts(
                node: node, kind: kind,
                isInteractive: !traits.isDisjoint(with: AccessibilityElement.operableTraits) || nodes[node].isInteractive,
                isTextField: kind == .textField || kind == .secureTextField || !traits.isDisjoint(with: [.textEntry, .searchField]),
                isImage: kind == .image || traits.contains(.image),
                hasBlankLabel: elements[e].label.isBlankOrNil))
        }
        return out
    }
}
