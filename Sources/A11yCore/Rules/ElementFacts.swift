/// What several rules ask of every element, recorded by the analyzer as it finishes each
/// element (`of` computes them only for analyses built by hand): reading an element's label
/// or its node once there is cheaper than once in every rule that asks.
/// At 100k elements the elements, their boxes and label strings no longer fit the cache,
/// so each label rule that opened every label read them all from memory again.
struct ElementFacts: Sendable {
    /// The node the element stands for.
    let node: Int
    /// The element's traits (a copy, so trait-only rules skip the element array).
    let traits: Traits
    let kind: NodeKind
    /// Operated by the user: operable traits, or the kind of its node.
    let isInteractive: Bool
    let isTextField: Bool
    let isImage: Bool
    /// No label, or one of whitespace only.
    let hasBlankLabel: Bool
    /// Cheap tests of the label and hint that let label rules skip most elements.
    let text: TextFlags

    struct TextFlags: OptionSet, Sendable {
        let rawValue: UInt8
        /// The label may repeat a role word (`LabelRoleWords.mayContainPhrase`).
        static let mayNameRole = TextFlags(rawValue: 1 << 0)
        /// The label looks like a code identifier (`CodeLikeLabel.matches`).
        static let codeLike = TextFlags(rawValue: 1 << 1)
        /// The label's last byte is a period (needed for it to end with ".").
        static let endsWithPeriod = TextFlags(rawValue: 1 << 2)
        static let hasHint = TextFlags(rawValue: 1 << 3)
    }

    /// The facts of an element standing for `node` with these traits, label and hint.
    /// Inlined: a call passed `nodes` and `label` owned, a retain and release each per element.
    @inline(__always)
    init(node: Int, traits: Traits, label: String?, hasHint: Bool, nodes: [Node]) {
        let kind = nodes[node].kind
        self.node = node
        self.traits = traits
        self.kind = kind
        isInteractive = !traits.isDisjoint(with: AccessibilityElement.operableTraits) || nodes[node].isInteractive
        isTextField = kind == .textField || kind == .secureTextField || !traits.isDisjoint(with: [.textEntry, .searchField])
        isImage = kind == .image || traits.contains(.image)
        hasBlankLabel = label.isBlankOrNil
        text = Self.textFlags(label: label, hasHint: hasHint)
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
            out.append(ElementFacts(node: elements[e].node, traits: elements[e].traits, label: elements[e].label,
                                    hasHint: elements[e].hint != nil, nodes: nodes))
        }
        return out
    }

    private static func textFlags(label: String?, hasHint: Bool) -> TextFlags {
        var flags: TextFlags = hasHint ? .hasHint : []
        guard let label else { return flags }
        if LabelRoleWords.mayContainPhrase(label) { flags.insert(.mayNameRole) }
        if CodeLikeLabel.matches(label) { flags.insert(.codeLike) }
        if label.utf8.last == UInt8(ascii: ".") { flags.insert(.endsWithPeriod) }
        return flags
    }
}
