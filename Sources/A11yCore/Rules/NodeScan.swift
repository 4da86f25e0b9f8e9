/// What the rules of one run need from every node, found in one forward pass: each node's
/// strings, style and component live in a heap box of their own, and rules that each
/// touched all 10k boxes were bound by memory, not by their checks.
struct NodeScan {
    /// Rendered style of every node (`styles[i]` is that of `nodes[i]`).
    var styles: [RenderedStyle] = []
    /// Whether each node draws text (`Node.visibleText != nil`).
    var drawsText: [Bool] = []
    /// Ascending indices of the nodes with a style / with a component / that draw text,
    /// so rules about those visit only them.
    var styled: [Int] = []
    var withComponent: [Int] = []
    var drawingText: [Int] = []

    init(_ document: Document) {
        let nodes = document.nodes
        styles.reserveCapacity(nodes.count)
        drawsText.reserveCapacity(nodes.count)
        // Sized for all nodes at once: growing three index lists by doubling cost more than
        // the rest of the pass. A tiny screen's lists mostly stay empty, so it skips this.
        if nodes.count > 4 {
            styled.reserveCapacity(nodes.count); withComponent.reserveCapacity(nodes.count)
            drawingText.reserveCapacity(nodes.count)
        }
        // Stored fields are read in place (`nodes[index].kind`): computed node properties
        // (`effectiveTraits`, `visibleText`) copied the whole node per call.
        for index in nodes.indices {
            let style = nodes[index].styleBox, kind = nodes[index].kind, enabled = nodes[index].enabled
            // `effectiveTraits.contains(.notEnabled)` without building the set.
            let disabled = !enabled || (nodes[index].traits ?? kind.defaultTraits).contains(.notEnabled)
                || kind.privateTraits.contains(.notEnabled)
            styles.append(RenderedStyle(style: style, opacity: nodes[index].opacity, disabled: disabled,
                                        parent: nodes[index].parent.map { styles[$0] } ?? .page))
            // `visibleText != nil`.
            let text = nodes[index].hasNonEmptyText || (kind == .text && nodes[index].hasNonEmptyLabel)
            drawsText.append(text)
            if style != nil { styled.append(index) }
            if nodes[index].hasComponent { withComponent.append(index) }
            if text { drawingText.append(index) }
        }
    }
}
