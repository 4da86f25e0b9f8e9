import A11yModel
/// Lookups the rules, the runner and the report share. Tolerant of partially filled
/// per-node tables (an analysis built by hand may leave them empty).
extension Analysis {
    /// Index of the element `node` belongs to, if any.
    public func element(ofNode node: Int) -> Int? {
        node < elementOfNode.count ? elementOfNode[node] : nil
    }

    public func reachable(_ node: Int) -> Bool {
        node < isReachable.count ? isReachable[node] : !document.nodes[node].hidden
    }

    /// Composed nested identifier, else the node's explicit identifier.
    public func identifier(ofNode node: Int) -> String? {
        if node < composedIdentifier.count, let composed = composedIdentifier[node] { return composed }
        return document.nodes[node].identifier
    }

    /// The element's frame when `node` is the node an element stands for, else the node's own.
    public func frame(ofNode node: Int) -> Rect? {
        if let e = element(ofNode: node), elements[e].node == node { return elements[e].frame }
        return document.nodes[node].effectiveAccessibilityFrame
    }
}

extension AccessibilityElement {
    /// Traits that mean "the user can operate this".
    package static let operableTraits: Traits = [
        .button, .link, .playsSound, .toggleButton, .adjustable, .keyboardKey, .tab, .textEntry, .searchField,
        .backButton,
    ]
}

extension Node {
    /// Operable by the user: a control kind, an operable component, or operable traits.
    package var isInteractive: Bool { Node.isInteractive(kind: kind, effectiveTraits: effectiveTraits) }

    /// `isInteractive` from a node's kind and effective traits.
    package static func isInteractive(kind: NodeKind, effectiveTraits: Traits) -> Bool {
        if kind.isControl || kind == .tab || kind == .ratingInput || kind == .accordion { return true }
        return !effectiveTraits.intersection(AccessibilityElement.operableTraits).isEmpty
    }

    /// Text drawn by the node, if any.
    package var visibleText: String? {
        if let text, !text.isEmpty { return text }
        if kind == .text, let label, !label.isEmpty { return label }
        return nil
    }
}
