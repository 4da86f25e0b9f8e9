import A11yModel
/// What `RuleContext` knows of every node, from one pass over the nodes (parents come
/// before children, so each parent's rendered style is ready): the rendered style, a few
/// yes/no facts, and the nodes some rules are about, listed once for every rule that selects them.
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
    /// The kinds listed in `ofKind` (those the rules select nodes by), and ascending indices
    /// of the nodes of each (`ofKind[i]` are the nodes of `kinds[i]`).
    var kinds: [NodeKind] = []
    var ofKind: [[Int]] = []
    /// Ascending indices of the nodes that declare a deferral / one side of a labeled pair /
    /// a nested identifier step.
    var deferrals: [Int] = []
    var labeledPairs: [Int] = []
    var nestedIdentifiers: [Int] = []

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

    /// `kinds`: the kinds whose nodes `nodes(ofKind:)` answers from a list made in this pass.
    init(_ document: borrowing Document, kinds: [NodeKind] = []) {
        let nodes = document.nodes
        self.kinds = kinds
        ofKind = kinds.map { _ in [] }
        styles.reserveCapacity(nodes.count)
        flags.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let style = nodes[index].style
            var flag: NodeFlags = nodes[index].frame?.isEmpty == true ? .emptyFrame : []
            if nodes[index].frame == nil && nodes[index].accessibilityFrame == nil { flag.insert(.unknownFrame) }
            if nodes[index].grouping == .combine || nodes[index].combinable != nil { flag.insert(.combines) }
            let disabled = Node.effectiveTraits(traits: nodes[index].traits, kind: nodes[index].kind,
                                               enabled: nodes[index].enabled).contains(.notEnabled)
            styles.append(RenderedStyle(style: style, opacity: nodes[index].opacity, disabled: disabled,
                                        parent: nodes[index].parent.map { styles[$0] } ?? .page))
            let text = nodes[index].text?.isEmpty == false || (nodes[index].kind == .text && nodes[index].label?.isEmpty == false)
            if text { flag.insert(.drawsText) }
            flags.append(flag)
            if style != nil { styled.append(index) }
            if nodes[index].component != nil { withComponent.append(index) }
            if text { drawingText.append(index) }
            if nodes[index].focusable == false { unfocusable.append(index) }
            if let listed = kinds.firstIndex(of: nodes[index].kind) { ofKind[listed].append(index) }
            if nodes[index].declares(.deferral) { deferrals.append(index) }
            if nodes[index].declares(.labeledPair) { labeledPairs.append(index) }
            if nodes[index].declares(.nestedIdentifier) { nestedIdentifiers.append(index) }
        }
    }

    /// Ascending indices of the nodes of `kind` in `nodes` (the document scanned).
    func nodes(ofKind kind: NodeKind, in nodes: [Node]) -> [Int] {
        if let listed = kinds.firstIndex(of: kind) { return ofKind[listed] }
        return nodes.indices.filter { nodes[$0].kind == kind }
    }

    /// Ascending indices of the nodes that declare `declaration`.
    func nodes(declaring declaration: NodeDeclaration) -> [Int] {
        switch declaration {
        case .deferral: deferrals
        case .labeledPair: labeledPairs
        case .nestedIdentifier: nestedIdentifiers
        }
    }
}
