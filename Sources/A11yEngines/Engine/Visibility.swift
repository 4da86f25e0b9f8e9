import A11yModel
/// Which nodes a screen reader can reach at all, as AccessibilitySnapshot's parser walks the
/// views (`NSObject.recursiveAccessibilityHierarchy` in AccessibilityHierarchyParser.swift):
/// hidden, transparent and clipped-away subtrees are gone, and among a view's children the
/// last modal one is the only one walked.
package struct Visibility {
    /// Node and all ancestors are shown (not hidden, not transparent, not zero-size and clipping).
    package var isVisible: [Bool]
    /// Visible, and not a sibling (or inside a sibling) of a modal view.
    package var isReachable: [Bool]
    /// Series containers (`tabBar` trait or `tabSet` kind), ascending. Found in this pass because
    /// it reads the same traits: at 100k nodes a pass of its own streams every node from memory.
    package var seriesNodes: [Int] = []
    /// For each node, the index in `seriesNodes` of its nearest series container (itself
    /// included), -1 for none; empty when there are none. Indices, not nodes: counts per
    /// series then take a few slots instead of one per node.
    var seriesOf: [Int] = []
    /// Contexts of lists, landmarks and data tables; nil when no node sends container facts.
    var containers: ContainerContexts?

    package init(_ document: borrowing Document) {
        let nodes = document.nodes, childStorage = document.childStorage
        var visible = [Bool](filledWith: false, count: nodes.count)
        var reachable = [Bool](filledWith: false, count: nodes.count)
        var series = [Int](filledWith: -1, count: nodes.count), seriesNodes: [Int] = []
        var anyModal = false, anyContainerFacts = false
        // Pre-order storage: a parent is always decided before its children.
        visible.withUnsafeMutableBufferPointer { visible in
            series.withUnsafeMutableBufferPointer { series in
                for i in nodes.indices {
                    let parent = nodes[i].parent
                    visible[i] = (parent.map { visible[$0] } ?? true) && !Visibility.hidesSubtree(nodes, i)
                    let traits = nodes[i].effectiveTraits
                    if traits.contains(.isModal) { anyModal = true }
                    if nodes[i].containerType != nil || nodes[i].dataTableCell != nil { anyContainerFacts = true }
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
        if anyContainerFacts { containers = ContainerContexts(document) }
        guard anyModal else { isReachable = visible; return }
        // Modal, decided per parent: among a view's children (not its accessibilityChildren,
        // which are UIKit accessibilityElements) the last with the isModal trait is the only one
        // walked; its siblings and their subtrees are unreachable. The parser picks it among all
        // subviews, so a hidden modal still hides its siblings (and shows nothing itself).
        var excluded = [Bool](filledWith: false, count: nodes.count)
        for i in nodes.indices where !nodes[i].childRange.isEmpty {
            var modal = -1
            for k in nodes[i].childRange where nodes[childStorage[k]].effectiveTraits.contains(.isModal) { modal = childStorage[k] }
            guard modal >= 0 else { continue }
            for k in nodes[i].childRange where childStorage[k] != modal { excluded[childStorage[k]] = true }
        }
        reachable.withUnsafeMutableBufferPointer { reachable in
            for i in nodes.indices {
                reachable[i] = visible[i] && !excluded[i] && (nodes[i].parent.map { reachable[$0] } ?? true)
            }
        }
        isReachable = reachable
    }

    static func hidesSubtree(_ nodes: [Node], _ i: Int) -> Bool {
        if nodes[i].hidden { return true }
        if let opacity = nodes[i].opacity, opacity <= 0 { return true }
        // A zero-size view that clips, or whose accessibilityChildren are its elements, shows
        // nothing; one that does not clip is walked through (its children may overflow it).
        // A zero-size element is not visited either: `ElementBuilder` skips it.
        if isZeroSize(nodes, i) && (nodes[i].clipsToBounds || !nodes[i].syntheticChildRange.isEmpty) { return true }
        return false
    }

    /// The view's frame is 0 x 0 (the parser's `frame.size == .zero`).
    static func isZeroSize(_ nodes: [Node], _ i: Int) -> Bool {
        guard let frame = nodes[i].frame else { return false }
        return frame.width == 0 && frame.height == 0
    }
}
