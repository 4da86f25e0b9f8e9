import A11yModel
/// What `RuleContext` knows of every node, from one pass over the nodes (parents come
/// before children, so each parent's rendered style is ready): the rendered style, a few
/// yes/no facts, and the nodes some rules are about.
struct NodeScan {
    /// Rendered style of every node (`styles[i]` is that of `nodes[i]`).
    var styles: [RenderedStyle] = []
    /// What each node's frames are like, whether it draws text and combines.
    var flags: [NodeFlags] = []
    /// Ascending indices of the nodes with a style of their own / with a component / that
    /// draw text / that say `focusable: false`.
    var styled: [Int] = []
    var withComponent: [Int] = []
    var drawingText: [Int] = []
    var unfocusable: [Int] = []

    struct NodeFlags: OptionSet {
        let rawValue: UInt8
        /// A `frame` of no area (`frame?.isEmpty == true`).
        static let emptyFrame = NodeFlags(rawValue: 1 << 0)
        /// Neither `accessibilityFrame` nor `frame` (`effectiveAccessibilityFrame == nil`).
        static let unknownFrame = NodeFlags(rawValue: 1 << 1)
        /// Draws text (`Node.visibleText != nil`).
        static let drawsText = NodeFlags(rawValue: 1 << 2)
        /// Combines its subtree into one element (`grouping: combine` or a `combinable`).
        static let combines = NodeFlags(rawValue: 1 << 3)
    }

    init(_ document: borrowing Document) {
        let nodes = document.nodes
        styles.reserveCapacity(nodes.count)
        flags.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let style = nodes[index].styleBox
            var flag: NodeFlags = nodes[index].frame?.isEmpty == true ? .emptyFrame : []
            if nodes[index].frame == nil && nodes[index].accessibilityFrame == nil { flag.insert(.unknownFrame) }
            if nodes[index].grouping == .combine || nodes[index].combinable != nil { flag.insert(.combines) }
            let disabled = Node.effectiveTraits(traits: nodes[index].traits, kind: nodes[index].kind,
                                               enabled: nodes[index].enabled).contains(.notEnabled)
            styles.append(RenderedStyle(style: style, opacity: nodes[index].opacity, disabled: disabled,
                                        parent: nodes[index].parent.map { styles[$0] } ?? .page))
            let text = nodes[index].hasNonEmptyText || (nodes[index].kind == .text && nodes[index].hasNonEmptyLabel)
            if text { flag.insert(.drawsText) }
            flags.append(flag)
            if style != nil { styled.append(index) }
            if nodes[index].component != nil { withComponent.append(index) }
            if text { drawingText.append(index) }
            if nodes[index].focusable == false { unfocusable.append(index) }
        }
    }
}
