/// Turns nodes into screen-reader elements: a node's own properties, RDDM strategies,
/// composition and deferred content all meet here.
struct ElementBuilder {
    let document: Document
    let visibility: Visibility
    let identifiers: NestedIdentifiers
    let pairs: LabeledPairs
    /// Filled by `Deferral` once sources are known.
    var deferral = DeferralOutcome()

    /// What a node contributes to the screen reader's tree.
    enum Role: Equatable {
        /// Not visited: hidden, absorbed label of a labeled pair, or a deferred source.
        case skipped
        /// One element from RDDM strategies.
        case strategies
        /// One element composed from the subtree.
        case combine
        /// One element with the node's own properties; children dropped.
        case leaf
        /// Children are visited; `contain` keeps them together in reading order.
        case container(contain: Bool)
    }

    func role(of i: Int) -> Role {
        let node = document.nodes[i]
        if !visibility.isVisible[i] || pairs.absorbedLabels.contains(i) || deferral.hiddenSources.contains(i) {
            return .skipped
        }
        if let strategies = node.strategies, !strategies.isIgnored { return .strategies }
        switch node.grouping {
        case .combine: return .combine
        case .ignore: return .leaf
        case .contain: return .container(contain: true)
        case nil: break
        }
        if node.combinable != nil { return .combine }
        if !node.syntheticChildRange.isEmpty { return .container(contain: true) }
        if let explicit = node.isAccessibilityElement { return explicit ? .leaf : .container(contain: false) }
        // Controls and texts stay leaves even with nested ids below them (seed 004's button caveat).
        if node.kind.isLeafByDefault { return .leaf }
        if identifiers.isContainer[i] { return .container(contain: true) }
        if !(node.label ?? "").isEmpty { return .leaf }
        return .container(contain: false)
    }

    /// Children a visit descends into: synthetic children replace the node's own drawing.
    func visitedChildren(of i: Int) -> ArraySlice<Int> {
        let node = document.nodes[i]
        return node.syntheticChildRange.isEmpty ? document.children(of: i) : document.syntheticChildren(of: i)
    }

    /// The element a node with an element role stands for (nil for containers, skipped
    /// nodes, and combined elements with nothing to say).
    func element(for i: Int) -> AccessibilityElement? {
        switch role(of: i) {
        case .skipped, .container: nil
        case .leaf: ownElement(i)
        case .strategies: strategiesElement(i)
        case .combine: combinedElement(i)
        }
    }

    /// Label a node reads with on its own: labeled-pair text, `label`, else visible `text`.
    func ownLabel(_ i: Int) -> String? {
        let node = document.nodes[i]
        return pairs.labelForContent[i] ?? node.label.nonEmpty ?? node.text.nonEmpty
    }

    /// The element made of the node's own properties (plus content deferred to it).
    func ownElement(_ i: Int) -> AccessibilityElement {
        let node = document.nodes[i]
        var e = AccessibilityElement()
        e.nodes = [i]
        e.label = ownLabel(i)
        e.value = node.value.nonEmpty
        e.hint = node.hint.nonEmpty
        e.traits = node.effectiveTraits
        e.identifier = identifiers.composed[i] ?? node.identifier.nonEmpty
        e.frame = node.effectiveAccessibilityFrame ?? .zero
        e.activationPoint = node.activationPoint ?? e.frame.center
        e.actions = node.actions.filter { !$0.isEmpty }
        e.customContent = node.customContent
        e.rotors = node.rotors
        if let added = deferral.additions[i] { added.apply(to: &e) }
        return e
    }

    /// Whether an element is operated rather than read (composition keeps these apart).
    func isInteractive(_ e: AccessibilityElement) -> Bool {
        !e.traits.isDisjoint(with: [.button, .link, .playsSound, .toggleButton]) || document.nodes[e.node].kind.isControl
    }
}

extension Optional where Wrapped == String {
    /// nil for nil or "".
    var nonEmpty: String? {
        guard let s = self, !s.isEmpty else { return nil }
        return s
    }
}
