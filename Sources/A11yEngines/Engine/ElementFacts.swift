import A11yModel
/// What `RuleContext` answers about each element, recorded by the analyzer as it finishes
/// each element (`of` computes them for analyses built by hand).
package struct ElementFacts: Sendable {
    /// The node the element stands for.
    package let node: Int
    package let kind: NodeKind
    /// Operated by the user: operable traits, or the kind of its node.
    package let isInteractive: Bool
    package let isTextField: Bool
    package let isImage: Bool
    /// No label, or one of whitespace only.
    package let hasBlankLabel: Bool

    /// The facts of an element standing for `node` with these traits and label.
    init(node: Int, traits: Traits, label: String?, hasHint: Bool, nodes: [Node]) {
        let kind = nodes[node].kind
        self.node = node
        self.kind = kind
        isInteractive = !traits.isDisjoint(with: AccessibilityElement.operableTraits) || nodes[node].isInteractive
        isTextField = kind == .textField || kind == .secureTextField || !traits.isDisjoint(with: [.textEntry, .searchField])
        isImage = kind == .image || traits.contains(.image)
        hasBlankLabel = label.isBlankOrNil
    }

    package static func of(_ analysis: Analysis) -> [ElementFacts] {
        if analysis.elementFacts.count == analysis.elements.count { return analysis.elementFacts }
        let nodes = analysis.document.nodes
        return analysis.elements.map {
            ElementFacts(node: $0.node, traits: $0.traits, label: $0.label, hasHint: $0.hint != nil, nodes: nodes)
        }
    }
}
