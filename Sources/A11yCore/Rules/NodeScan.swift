/// What the rules of one run need from every node, found in one forward pass: each node's
/// strings, style and component live in a heap box of their own, and rules that each
/// touched all 10k boxes were bound by memory, not by their checks. At 100k nodes even the
/// node array (152 bytes a node) no longer fits the cache, so rules that look at every
/// node read the compact columns here instead (a byte or four a node).
struct NodeScan {
    /// Rendered style of every node (`styles[i]` is that of `nodes[i]`).
    var styles: [RenderedStyle] = []
    /// Each node's kind and effective traits (`Node.effectiveTraits`).
    var kinds: [NodeKind] = []
    var traits: [Traits] = []
    /// What each node's frames are like, whether it draws text and combines (`flags[i]` for
    /// `nodes[i]`): one byte column, one allocation, for what rules ask of many nodes.
    var flags: [NodeFlags] = []
    /// Ascending indices of the nodes with a style / with a component / that draw text /
    /// that say `focusable: false`, so rules about those visit only them.
    var styled: [Int] = []
    var withComponent: [Int] = []
    var drawingText: [Int] = []
    var unfocusable: [Int] = []
    /// What the own (not inherited) style of `styled[i]` sets, so rules open only the
    /// boxes of the nodes they report on. A byte each: this pass writes every column.
    var ownStyles: [OwnStyle] = []

    struct NodeFlags: OptionSet {
        let rawValue: UInt8
        /// A `frame` of no area (`frame?.isEmpty == true`).
        static let emptyFrame = NodeFlags(rawValue: 1 << 0)
        /// Neither `accessibilityFrame` nor `frame` (`effectiveAccessibilityFrame == nil`).
        static let unknownFrame = NodeFlags(rawValue: 1 << 1)
        /// Draws text (`Node.visibleText != nil`).
        static let drawsText = NodeFlags(rawValue: 1 << 2)
        /// Combines its subtree into one element (`grouping: combine` or a `combinable`), so
        /// combined-button-trait skips the node rows of other buttons.
        static let combines = NodeFlags(rawValue: 1 << 3)
    }

    struct OwnStyle: OptionSet {
        let rawValue: UInt8
        /// A foreground colour of its own.
        static let foreground = OwnStyle(rawValue: 1 << 0)
        /// `scalesWithDynamicType == false`: text of a fixed size.
        static let fixedSize = OwnStyle(rawValue: 1 << 1)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// What `style` sets itself.
        init(_ style: borrowing Style) {
            self = style.foreground != nil ? .foreground : []
            if style.scalesWithDynamicType == false { insert(.fixedSize) }
        }
    }

    /// Borrows the document: an owned one was copied (every array retained) per run.
    init(_ document: borrowing Document) {
        let nodes = document.nodes
        styles.reserveCapacity(nodes.count)
        kinds.reserveCapacity(nodes.count)
        traits.reserveCapacity(nodes.count)
        flags.reserveCapacity(nodes.count)
        // Sized for all nodes at once: growing the index lists by doubling cost more than
        // the rest of the pass. A tiny screen's lists mostly stay empty, so it skips this.
        if nodes.count > 4 {
            styled.reserveCapacity(nodes.count); withComponent.reserveCapacity(nodes.count)
            drawingText.reserveCapacity(nodes.count); ownStyles.reserveCapacity(nodes.count)
        }
        // Stored fields are read in place (`nodes[index].kind`): computed node properties
        // (`effectiveTraits`, `visibleText`) copied the whole node per call.
        for index in nodes.indices {
            let style = nodes[index].styleBox, kind = nodes[index].kind, enabled = nodes[index].enabled
            // Read out of the box at once: used after the appends below, it was retained again.
            let own = style.map { OwnStyle($0.value) }
            // `effectiveTraits` without copying the node.
            let effective = Node.effectiveTraits(traits: nodes[index].traits, kind: kind, enabled: enabled)
            kinds.append(kind)
            traits.append(effective)
            var flag: NodeFlags = nodes[index].frame?.isEmpty == true ? .emptyFrame : []
            if nodes[index].frame == nil && nodes[index].accessibilityFrame == nil { flag.insert(.unknownFrame) }
            if nodes[index].grouping == .combine || nodes[index].hasCombinable { flag.insert(.combines) }
            styles.append(RenderedStyle(style: style, opacity: nodes[index].opacity,
                                        disabled: effective.contains(.notEnabled),
                                        parent: nodes[index].parent.map { styles[$0] } ?? .page))
            // `visibleText != nil`.
            let text = nodes[index].hasNonEmptyText || (kind == .text && nodes[index].hasNonEmptyLabel)
            if text { flag.insert(.drawsText) }
            flags.append(flag)
            if let own {
                styled.append(index)
                ownStyles.append(own)
            }
            if nodes[index].hasComponent { withComponent.append(index) }
            if text { drawingText.append(index) }
            if nodes[index].focusable == false { unfocusable.append(index) }
        }
    }
}
