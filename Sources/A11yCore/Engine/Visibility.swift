/// Which nodes a screen reader can reach at all: hidden subtrees are gone, and when a
/// modal is present only its subtree remains.
struct Visibility {
    /// Node and all ancestors are shown (not hidden, not transparent, not a zero-size container).
    var isVisible: [Bool]
    /// The modal node whose subtree is the only reachable part, if any.
    var modalRoot: Int?
    /// Visible and, with a modal, inside it.
    var isReachable: [Bool]
    /// Series containers (`tabBar` trait or `tabSet` kind), ascending. Found in this pass because
    /// it reads the same traits: at 100k nodes a pass of its own streams every node from memory.
    var seriesNodes: [Int] = []
    /// For each node, the index in `seriesNodes` of its nearest series container (itself
    /// included), -1 for none; empty when there are none. Indices, not nodes: counts per
    /// series then take a few slots instead of one per node.
    var seriesOf: [Int] = []

    init(_ document: borrowing Document) {
        let nodes = document.nodes
        var visible = [Bool](filledWith: false, count: nodes.count)
        var modal: Int?
        var series = [Int](filledWith: -1, count: nodes.count), seriesNodes: [Int] = []
        // Pre-order storage: a parent is always decided before its children. Fields are
        // read through the index: copying a node out would retain its boxed fields.
        // Written through buffers: one uniqueness check, not one per node.
        visible.withUnsafeMutableBufferPointer { visible in
            series.withUnsafeMutableBufferPointer { series in
                for i in nodes.indices {
                    let parent = nodes[i].parent
                    visible[i] = (parent.map { visible[$0] } ?? true) && !Visibility.hidesSubtree(nodes, i)
                    let traits = nodes[i].effectiveTraits
                    // The last modal in view order wins.
                    if visible[i] && traits.contains(.isModal) { modal = i }
                    if traits.contains(.tabBar) || nodes[i].kind == .tabSet {
                        series[i] = seriesNodes.count
                        seriesNodes.append(i)
                    } else if let parent {
                        series[i] = series[parent]
                    }
                }
            }
        }
        if seriesNodes.isEmpty { series = [] }
        seriesOf = series
        self.seriesNodes = seriesNodes
        isVisible = visible
        modalRoot = modal
        guard let modal else { isReachable = visible; return }
        var reachable = [Bool](filledWith: false, count: nodes.count)
        // Descendants of the modal follow it in pre-order and reach it through their parents.
        reachable.withUnsafeMutableBufferPointer { reachable in
            for i in modal..<nodes.count where visible[i] {
                reachable[i] = i == modal || nodes[i].parent.map { reachable[$0] } ?? false
            }
        }
        isReachable = reachable
    }

    static func hidesSubtree(_ nodes: [Node], _ i: Int) -> Bool {
        if nodes[i].hidden { return true }
        if let opacity = nodes[i].opacity, opacity <= 0 { return true }
        let hasChildren = !nodes[i].childRange.isEmpty || !nodes[i].syntheticChildRange.isEmpty
        if hasChildren, let frame = nodes[i].frame, frame.width == 0, frame.height == 0 { return true }
        return false
    }
}
