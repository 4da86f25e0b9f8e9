import A11yEngines
import A11yJSON
import A11yModel
import A11yRules

/// A screen's path table: where each node an answer names is in the input, written once.
///
/// Elements, identifiers and findings name nodes by their index in this table (`paths` in the
/// JSON answer, `run.logicalLocations` in SARIF). An entry is the node's whole JSON Pointer
/// (or XML element path) when the node is at most `span` levels deep; a deeper node's entry
/// continues the entry of its ancestor at the nearest multiple of `span` levels above it
/// (`parent`), with the at most `span` steps between them. So every entry is at most `span`
/// steps long, a pointer is resolved by joining at most depth ÷ `span` entries, and a chain
/// 500 levels deep writes each level's step once instead of once per descendant (issue 24:
/// deep chains answered 35-88 × their request because every descendant repeated its
/// ancestors' pointer). Entries are in document order, so a parent comes before its children.
///
/// Figma files keep whole pointers in every entry (their pointers are stored per value).
struct NodePaths {
    /// Steps an entry covers at most, and the depths anchors sit at.
    static let span = nodePathSpan

    /// Entry of each node, -1 when the answer does not name it.
    private var entryOfNode: [Int32]
    /// Per entry: its node and the entry it continues (-1: a whole pointer).
    private(set) var nodes: [Int32] = []
    private(set) var parents: [Int32] = []
    private let tree: PathTree

    /// The table of the nodes `report`'s elements, identifiers, findings and suppressed
    /// findings name, with their anchors.
    init(_ report: borrowing AuditReport) {
        let analysis = report.analysis
        let tree = PathTree(analysis.document)
        var marked = [Bool](repeating: false, count: tree.count)
        // Indices through buffers: a 10k-node answer visits every element's nodes here.
        marked.withUnsafeMutableBufferPointer { marked in
            for e in analysis.elements { for n in e.nodes { marked[n] = true } }
            for item in analysis.identifiers { marked[item.node] = true }
            for f in report.run.findings { Self.mark(f, in: marked) }
            for s in report.run.suppressed { Self.mark(s.finding, in: marked) }
        }
        self.init(tree: tree, marked: &marked)
    }

    /// The table of `nodes` (and their anchors) in `document`.
    init(_ document: Document, naming names: some Sequence<Int>) {
        let tree = PathTree(document)
        var marked = [Bool](repeating: false, count: tree.count)
        for n in names { marked[n] = true }
        self.init(tree: tree, marked: &marked)
    }

    private static func mark(_ finding: Finding, in marked: UnsafeMutableBufferPointer<Bool>) {
        marked[finding.node] = true
        for item in finding.data {
            switch item.value {
            case .node(let n): marked[n] = true
            case .nodes(let list): for n in list { marked[n] = true }
            default: break
            }
        }
    }

    private init(tree: PathTree, marked: inout [Bool]) {
        self.tree = tree
        // Every named node's anchors are entries too (each walk stops at one already taken).
        var anchored = [Bool](repeating: false, count: tree.count)
        for n in marked.indices where marked[n] {
            var x = n
            while !anchored[x] {
                anchored[x] = true
                marked[x] = true
                guard let a = tree.anchor(of: x, span: Self.span) else { break }
                x = a
            }
        }
        entryOfNode = [Int32](repeating: -1, count: tree.count)
        for n in marked.indices where marked[n] {
            entryOfNode[n] = Int32(nodes.count)
            nodes.append(Int32(n))
        }
        parents = nodes.map { n in tree.anchor(of: Int(n), span: Self.span).map { entryOfNode[$0] } ?? -1 }
    }

    var count: Int { nodes.count }

    /// The entry naming `node` (every node the report names has one).
    func entry(of node: Int) -> Int { Int(entryOfNode[node]) }

    /// Entry `i`'s text: a whole pointer, or the steps below its parent entry.
    func text(ofEntry i: Int) -> String {
        parents[i] < 0 ? tree.pointer(of: Int(nodes[i])) : tree.steps(from: Int(nodes[Int(parents[i])]), to: Int(nodes[i]))
    }

    /// `"paths": [{"pointer": "/root"}, {"parent": 0, "pointer": "/children/3/children/0"}, ...]`
    func write(into w: inout JSONWriter) {
        w.staticKey("paths")
        w.beginArray()
        // A JSON tree's whole pointers are written straight into the output, each extending
        // the nearest ancestor's already there (`ResponseEncoder.writePointer`).
        var spans = tree.document.sourceMap == nil ? PointerSpans(tree.document) : nil
        for i in nodes.indices {
            w.beginObject()
            if parents[i] >= 0 { w.staticKey("parent"); w.int(Int(parents[i])) }
            w.staticKey("pointer")
            if parents[i] < 0, spans != nil {
                ResponseEncoder.writePointer(of: Int(nodes[i]), in: tree.document, spans: &spans!, into: &w)
            } else {
                w.string(text(ofEntry: i))
            }
            w.endObject()
        }
        w.endArray()
    }

    /// A node's pointer as the human reports show it: whole up to `span` levels, else its top,
    /// `…` and its last `span` steps (`/root/…/children/1/children/0`), so a deep node costs a
    /// line of bounded length. Line and column (imported dumps), id and identifier say the rest.
    static func shortPointer(of node: Int, in document: Document) -> String {
        PathTree(stepsOf: document).shortPointer(of: node, span: span)
    }
}

/// The steps of a document's pointers: a JSON tree's `/children/N` and
/// `/accessibilityChildren/N` below `/root`; an XML dump's `/name[ordinal]` below its root
/// element (`SourceMap`). Figma documents have no steps here: their pointers are whole.
struct PathTree {
    let document: Document
    /// XML sources: each element's depth (the root element 0).
    private let xmlDepth: [Int32]

    init(_ document: Document) {
        self.document = document
        if let map = document.sourceMap, map.json == nil {
            var depth = [Int32](repeating: 0, count: map.elements.count)
            for i in map.elements.indices where map.elements[i].parent >= 0 { depth[i] = depth[Int(map.elements[i].parent)] + 1 }
            xmlDepth = depth
        } else {
            xmlDepth = []
        }
    }

    /// Without depths: for one pointer shown (`shortPointer`), not a table.
    init(stepsOf document: Document) {
        self.document = document
        xmlDepth = []
    }

    var count: Int { document.nodes.count }

    private var isFigma: Bool { document.sourceMap?.json != nil }

    func depth(of node: Int) -> Int {
        if document.sourceMap != nil { return node < xmlDepth.count ? Int(xmlDepth[node]) : 0 }
        return document.nodes[node].depth
    }

    func parent(of node: Int) -> Int? {
        if let map = document.sourceMap {
            let p = node < map.elements.count ? Int(map.elements[node].parent) : -1
            return p < 0 ? nil : p
        }
        return document.nodes[node].parent
    }

    /// The ancestor whose entry `node`'s continues: at depth `span` × ⌊(depth − 1) ÷ `span`⌋;
    /// nil for nodes at most `span` deep and in Figma files (whole pointers).
    func anchor(of node: Int, span: Int) -> Int? {
        let d = depth(of: node)
        guard d > span, !isFigma else { return nil }
        var x = node
        for _ in 0..<(d - span * ((d - 1) / span)) { x = parent(of: x)! }
        return x
    }

    func pointer(of node: Int) -> String { document.pointer(of: node) }

    /// One step: `/children/3`, `/accessibilityChildren/0`, `/node[2]`.
    private func step(of node: Int) -> String {
        if let map = document.sourceMap {
            let e = map.elements[node]
            return e.parent < 0 ? "/" + map.names[Int(e.name)] : "/" + map.names[Int(e.name)] + "[\(e.ordinal)]"
        }
        return (document.nodes[node].isSynthetic ? "/accessibilityChildren/" : "/children/") + String(document.nodes[node].indexInParent)
    }

    /// The steps from `ancestor` down to `node`.
    func steps(from ancestor: Int, to node: Int) -> String {
        var parts: [String] = []
        var x = node
        while x != ancestor, let p = parent(of: x) { parts.append(step(of: x)); x = p }
        return parts.reversed().joined()
    }

    func shortPointer(of node: Int, span: Int) -> String {
        var above = node
        for _ in 0..<span {
            guard let p = parent(of: above) else { return pointer(of: node) }
            above = p
        }
        guard parent(of: above) != nil else { return pointer(of: node) }
        let head: String
        if let map = document.sourceMap, !map.elements.isEmpty {
            head = document.pointerPrefix + "/" + map.names[Int(map.elements[0].name)]
        } else {
            head = document.pointerPrefix + "/root"
        }
        return head + "/…" + steps(from: above, to: node)
    }
}
