import A11yModel
/// Turns nodes into screen-reader elements: a node's own properties, RDDM strategies,
/// composition and deferred content all meet here.
package struct ElementBuilder {
    // The parts of the document that elements are built from.
    let nodes: [Node]
    let childStorage: [Int]
    package let order: ReadingOrder
    let visibility: Visibility
    let identifiers: NestedIdentifiers
    let pairs: LabeledPairs
    /// Filled by `Deferral` once sources are known.
    package var deferral = DeferralOutcome() {
        // What is silent may change with what is deferred: found again from then on.
        didSet { silentCombines = silentCombines == nil ? nil : SilentCombines() }
    }
    /// Combined nodes found to have nothing to say, so that walks through them (the collector's,
    /// an outer composition's) do not compose them again; nil in trees without combined nodes.
    private(set) var silentCombines: SilentCombines?
    /// Each node's role before deferral, decided once: walks ask for roles again and again.
    private let baseRoles: [Role]
    /// Nodes whose base role makes an element: an upper bound for the elements read.
    package let elementRoleCount: Int
    /// Longest text a composition, join or deferral may make (`AuditBudget.maxTextBytes`).
    let maxTextBytes: Int
    /// The engines' "keep going?" (`Analyzer`'s): asked while composing, whose walks can
    /// cover the whole tree for one element, and while elements are collected and deferred.
    let poll: InterruptPoll

    package init(document: borrowing Document, visibility: Visibility, identifiers: NestedIdentifiers, pairs: LabeledPairs,
         maxTextBytes: Int = AuditBudget.default.maxTextBytes, poll: InterruptPoll) {
        self.maxTextBytes = maxTextBytes
        self.poll = poll
        nodes = document.nodes
        childStorage = document.childStorage
        order = ReadingOrder(document: document)
        self.visibility = visibility
        self.identifiers = identifiers
        self.pairs = pairs
        var roles = [Role](filledWith: .skipped, count: nodes.count)
        let nodes = nodes
        roles.withUnsafeMutableBufferPointer { roles in
            for i in roles.indices {
                roles[i] = ElementBuilder.baseRole(of: i, nodes, visibility, identifiers, pairs)
            }
        }
        baseRoles = roles
        var count = 0, combines = false
        for role in roles {
            switch role {
            case .leaf, .strategies: count += 1
            case .combine: count += 1; combines = true
            case .skipped, .container: break
            }
        }
        elementRoleCount = count
        if combines { silentCombines = SilentCombines() }
    }

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
        deferral.isHiddenSource(i) ? .skipped : baseRoles[i]
    }

    /// `role(of:)` inside a Blueprint combined view, where its walk (`recursiveAccessibleElements`)
    /// skips only hidden views (`isHidden`, `accessibilityElementsHidden`): a view of alpha 0
    /// (or of no size) VoiceOver would not visit is still read into the combined element.
    func compositionRole(of i: Int) -> Role {
        let role = role(of: i)
        guard role == .skipped, !nodes[i].hidden, !deferral.isHiddenSource(i) else { return role }
        return roleIgnoringVisibility(of: i)
    }

    /// The role node `i` would have if it were visible.
    func roleIgnoringVisibility(of i: Int) -> Role {
        Self.baseRole(of: i, nodes, visibility, identifiers, pairs, ignoringVisibility: true)
    }

    private static func baseRole(of i: Int, _ nodes: [Node], _ visibility: Visibility,
                                 _ identifiers: NestedIdentifiers, _ pairs: LabeledPairs, ignoringVisibility: Bool = false) -> Role {
        if !(ignoringVisibility || visibility.isVisible[i]) || pairs.isAbsorbedLabel(i) { return .skipped }

        if let strategies = nodes[i].strategies, !strategies.isIgnored { return .strategies }
        switch nodes[i].grouping {
        case .combine: return .combine
        case .ignore: return .leaf
        case .contain: return .container(contain: true)
        case nil: break
        }
        if nodes[i].combinable != nil { return .combine }
        if !nodes[i].syntheticChildRange.isEmpty { return .container(contain: true) }
        if let explicit = nodes[i].isAccessibilityElement { return explicit ? .leaf : .container(contain: false) }
        // Controls and texts stay leaves even with nested ids below them (the NestedA11yIDs package spec's button caveat).
        if nodes[i].kind.isLeafByDefault { return .leaf }
        if identifiers.isContainer[i] { return .container(contain: true) }
        // A container type makes a container, not an element, whatever its label: UIKit reads
        // a semantic group's label as the group's (AccessibilitySnapshot
        // `testSemanticGroupWithLabelIsPreserved`); whether its elements are kept together is
        // `ElementCollector.keepsTogether`'s.
        if let type = nodes[i].containerType, type != .none { return .container(contain: false) }
        if nodes[i].label?.isEmpty == false { return .leaf }
        return .container(contain: false)
    }

    /// Positions in `childStorage` of the children a visit descends into: synthetic children
    /// replace the node's own drawing.
    func visitedChildPositions(of i: Int) -> Range<Int> {
        let synthetic = nodes[i].syntheticChildRange
        return synthetic.isEmpty ? nodes[i].childRange : synthetic
    }

    /// Appends the element a node with an element role stands for to `out`; false (nothing
    /// appended) for containers, skipped nodes, and combined elements with nothing to say.
    /// Drafts go straight into their destination array, not through a returned Optional.
    func appendElement(for i: Int, to out: inout [ElementDraft]) throws(InputError) -> Bool {
        switch role(of: i) {
        case .skipped, .container: return false
        case .leaf: appendOwnElement(i, to: &out)
        case .strategies:
            appendOwnElement(i, to: &out)
            applyStrategies(of: i, to: &out[out.count - 1])
        case .combine:
            return try appendCombinedElement(i, to: &out)
        }
        return true
    }

    /// The element of one node on its own (deferral sources).
    func element(for i: Int) throws(InputError) -> ElementDraft? {
        var out: [ElementDraft] = []
        return try appendElement(for: i, to: &out) ? out.popLast() : nil
    }

    /// Label a node reads with on its own: labeled-pair text, `label`, else visible `text`. A
    /// label of whitespace only says nothing (VoiceOver does not read spaces) and counts as none.
    func ownLabel(_ i: Int) -> String? {
        if let paired = pairs.label(forContent: i) { return paired }
        return nodes[i].label.nonBlank ?? nodes[i].text.nonEmpty
    }

    /// Appends the element made of the node's own properties (plus content deferred to it).
    func appendOwnElement(_ i: Int, to out: inout [ElementDraft]) {
        let frame = nodes[i].effectiveAccessibilityFrame ?? .zero
        var e = ElementDraft(
            label: ownLabel(i),
            value: nodes[i].value.nonEmpty,
            hint: nodes[i].hint.nonEmpty,
            identifier: identifiers.composed[i] ?? nodes[i].identifier.nonEmpty,
            traits: nodes[i].effectiveTraits,
            frame: frame,
            activationPoint: nodes[i].activationPoint ?? frame.center,
            nodes: [i])
        // Set only when the node has actions, custom content or rotors (most have none).
        if !(nodes[i].actions.isEmpty && nodes[i].customContent.isEmpty && nodes[i].rotors.isEmpty) { e.setExtras(actions: ownActions(i), customContent: nodes[i].customContent, rotors: nodes[i].rotors) }
        if deferral.receives(i) { deferral.applyAdditions(for: i, to: &e, maxTextBytes: maxTextBytes) }
        out.append(consume e)
    }

    /// The node's custom action names without empty ones.
    func ownActions(_ i: Int) -> [String] {
        let actions = nodes[i].actions
        // Filtered only when needed: most nodes have no empty names to drop.
        return actions.contains(where: \.isEmpty) ? actions.filter { !$0.isEmpty } : actions
    }

    /// Whether an element is operated rather than read (composition keeps these apart).
    func isInteractive(traits: Traits, node: Int) -> Bool {
        !traits.isDisjoint(with: [.button, .link, .playsSound, .toggleButton]) || nodes[node].kind.isControl
    }

    /// The name Blueprint gives an element's activation action (`accessibilityAction(didFire:)`
    /// in AccessibilityComposition.swift): "label: value" (toggle values read On / Off / Mixed)
    /// when both are there, else the label, else "" (such actions are dropped).
    func activationName(label: String?, value: String?, traits: Traits, node: Int) -> String {
        let label = label ?? ""
        let value = displayValue(value, traits: traits, node: node) ?? ""
        let name = !label.isEmpty && !value.isEmpty ? "\(label): \(value)" : label
        return name.truncated(toBytes: maxTextBytes)
    }
}

extension Optional where Wrapped == String {
    /// nil for nil or "".
    var nonEmpty: String? {
        guard let s = self, !s.isEmpty else { return nil }
        return s
    }

    /// nil for nil or text of whitespace only (a label of spaces says nothing).
    var nonBlank: String? {
        guard let s = self, !s.isBlank else { return nil }
        return s
    }
}

/// A set of node indices a builder fills while it walks: shared by its copies (walks are
/// passed the builder by value), a fresh one whenever the builder's deferral changes.
final class SilentCombines {
    private var nodes: Set<Int> = []
    func insert(_ i: Int) { nodes.insert(i) }
    func contains(_ i: Int) -> Bool { !nodes.isEmpty && nodes.contains(i) }
}

extension Optional where Wrapped == SilentCombines {
    func contains(_ i: Int) -> Bool { self?.contains(i) ?? false }
}
