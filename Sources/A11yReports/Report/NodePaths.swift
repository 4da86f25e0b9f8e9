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
/// Levels are counted in the input (`PathTree`'s places): in a Figma file or a WDA JSON source
/// a node's model parent need not be its layer's parent (layers are flattened or skipped), so
/// an anchor is the layer at that depth in the file, which may be no node of its own.
struct NodePaths {
    /// Steps an entry covers at most, and the depths anchors sit at.
    static let span = nodePathSpan

    /// Entry of each node, -1 when the answer does not name it.
    private var entryOfNode: [Int32]
    /// Per entry: its place (`PathTree`) and the entry it continues (-1: a whole pointer).
    private(set) var places: [Int32] = []
    private(set) var parents: [Int32] = []
    private let tree: PathTree

    /// The table of the nodes `report`'s elements, identifiers, findings and suppressed
    /// findings name, with their anchors.
    init(_ report: borrowing AuditReport) {
        let analysis = report.analysis
        let tree = PathTree(analysis.document)
        var marked = [Bool](repeating: false, count: analysis.document.nodes.count)
        // Indices through buffers: a 10k-node answer visits every element's nodes here.
        marked.withUnsafeMutableBufferPointer { marked in
            for e in analysis.elements { for n in e.nodes { marked[n] = true } }
            for item in analysis.identifiers { marked[item.node] = true }
            for f in report.run.findings { Self.mark(f, in: marked) }
            for s in report.run.suppressed { Self.mark(s.finding, in: marked) }
        }
        self.init(tree: tree, marked: marked)
    }

    /// The table of `nodes` (and their anchors) in `document`.
    init(_ document: Document, naming names: some Sequence<Int>) {
        var marked = [Bool](repeating: false, count: document.nodes.count)
        for n in names { marked[n] = true }
        self.init(tree: PathTree(document), marked: marked)
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

    private init(tree: PathTree, marked: [Bool]) {
        let span = Self.span
        var entryOfNode = [Int32](repeating: -1, count: marked.count)
        // The entry of each place that anchors others (and of each node of a JSON tree or XML dump).
        var entryOfPlace = [Int32](repeating: -1, count: tree.count)
        var places: [Int32] = [], parents: [Int32] = []
        places.reserveCapacity(marked.count)
        parents.reserveCapacity(marked.count)
        /// Adds `place`'s entry (its anchor's is in the table already); returns its index.
        func append(_ place: Int) -> Int32 {
            let parent = tree.anchor(of: place, span: span).map { entryOfPlace[$0] } ?? -1
            places.append(Int32(place))
            parents.append(parent)
            return Int32(places.count - 1)
        }
        var missing: [Int] = []
        for n in marked.indices where marked[n] {
            let place = tree.place(of: n)
            // Anchors not in the table yet come first, the topmost first: entries stay in
            // document order (a node's anchors are its ancestors), parents before children.
            missing.removeAll(keepingCapacity: true)
            var anchor = tree.anchor(of: place, span: span)
            while let a = anchor, entryOfPlace[a] < 0 {
                missing.append(a)
                anchor = tree.anchor(of: a, span: span)
            }
            for a in missing.reversed() {
                let entry = append(a)
                entryOfPlace[a] = entry
            }
            if entryOfPlace[place] >= 0 { entryOfNode[n] = entryOfPlace[place]; continue }
            let entry = append(place)
            entryOfNode[n] = entry
            // Two nodes of a Figma file can share a layer (a requested layer wrapped in a screen):
            // they keep an entry each unless the layer anchors others.
            if !tree.sharesPlaces || tree.isAnchorDepth(place, span: span) { entryOfPlace[place] = entry }
        }
        self.tree = tree
        self.entryOfNode = entryOfNode
        self.places = places
        self.parents = parents
    }

    var count: Int { places.count }

    /// The entry naming `node` (every node the report names has one).
    func entry(of node: Int) -> Int { Int(entryOfNode[node]) }

    /// Entry `i`'s text: a whole pointer, or the steps below its parent entry.
    func text(ofEntry i: Int) -> String {
        parents[i] < 0 ? tree.pointer(of: Int(places[i])) : tree.steps(from: Int(places[Int(parents[i])]), to: Int(places[i]))
    }

    /// `"paths": [{"pointer": "/root"}, {"parent": 0, "pointer": "/children/3/children/0"}, ...]`
    func write(into w: inout JSONWriter) {
        w.staticKey("paths")
        w.beginArray()
        // A JSON tree's whole pointers are written straight into the output, each extending
        // the nearest ancestor's already there (`ResponseEncoder.writePointer`).
        var spans = tree.document.sourceMap == nil ? PointerSpans(tree.document) : nil
        for i in places.indices {
            w.beginObject()
            if parents[i] >= 0 { w.staticKey("parent"); w.int(Int(parents[i])) }
            w.staticKey("pointer")
            if parents[i] < 0, spans != nil {
                ResponseEncoder.writePointer(of: Int(places[i]), in: tree.document, spans: &spans!, into: &w)
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
        let tree = PathTree(stepsOf: document)
        return tree.shortPointer(of: tree.place(of: node), span: span)
    }
}

/// The steps of a document's pointers, between places: a JSON tree's nodes (`/children/N` and
/// `/accessibilityChildren/N` below `/root`); an XML dump's elements (`/name[ordinal]` below
/// its root element, `SourceMap`); a JSON source's values (a Figma file's layers, a WDA JSON
/// source's elements: `/children/N` below their top, `JSONSource`), every layer read, so a
/// node's layer is a place and so are the layers between it and its parent's.
struct PathTree {
    let document: Document
    /// JSON sources: the values nodes came from.
    private let json: JSONSource?
    /// Imported sources: each place's depth (the root element or top value 0).
    private let placeDepth: [Int32]

    init(_ document: Document) {
        self.document = document
        json = document.sourceMap?.json
        if let json {
            var depth = [Int32](repeating: 0, count: json.count)
            for v in depth.indices { if let p = json.parent(of: v) { depth[v] = depth[p] + 1 } }
            placeDepth = depth
        } else if let map = document.sourceMap {
            var depth = [Int32](repeating: 0, count: map.elements.count)
            for i in map.elements.indices where map.elements[i].parent >= 0 { depth[i] = depth[Int(map.elements[i].parent)] + 1 }
            placeDepth = depth
        } else {
            placeDepth = []
        }
    }

    /// Without depths: for one pointer shown (`shortPointer`), not a table.
    init(stepsOf document: Document) {
        self.document = document
        json = document.sourceMap?.json
        placeDepth = []
    }

    /// Places: JSON values, or nodes.
    var count: Int { json?.count ?? document.nodes.count }

    /// Whether nodes can share a place (a JSON source's value).
    var sharesPlaces: Bool { json != nil }

    /// The place node `node` came from.
    func place(of node: Int) -> Int { json != nil ? document.sourceMap!.value(of: node) : node }

    func depth(of place: Int) -> Int {
        if document.sourceMap != nil { return place < placeDepth.count ? Int(placeDepth[place]) : 0 }
        return document.nodes[place].depth
    }

    func parent(of place: Int) -> Int? {
        if let json { return json.parent(of: place) }
        if let map = document.sourceMap {
            let p = place < map.elements.count ? Int(map.elements[place].parent) : -1
            return p < 0 ? nil : p
        }
        return document.nodes[place].parent
    }

    /// Whether places at `place`'s depth anchor deeper ones (a multiple of `span`, not the top).
    func isAnchorDepth(_ place: Int, span: Int) -> Bool {
        let d = depth(of: place)
        return d > 0 && d % span == 0
    }

    /// The ancestor whose entry `place`'s continues: at depth `span` × ⌊(depth − 1) ÷ `span`⌋;
    /// nil for places at most `span` deep (whole pointers).
    func anchor(of place: Int, span: Int) -> Int? {
        let d = depth(of: place)
        guard d > span else { return nil }
        var x = place
        for _ in 0..<(d - span * ((d - 1) / span)) { x = parent(of: x)! }
        return x
    }

    func pointer(of place: Int) -> String {
        if let json { return document.pointerPrefix + json.pointer(of: place) }
        return document.pointer(of: place)
    }

    /// One step: `/children/3`, `/accessibilityChildren/0`, `/node[2]`.
    private func step(of node: Int) -> String {
        if let map = document.sourceMap {
            let e = map.elements[node]
            return e.parent < 0 ? "/" + map.names[Int(e.name)] : "/" + map.names[Int(e.name)] + "[\(e.ordinal)]"
        }
        return (document.nodes[node].isSynthetic ? "/accessibilityChildren/" : "/children/") + String(document.nodes[node].indexInParent)
    }

    /// The steps from `ancestor` down to `place`.
    func steps(from ancestor: Int, to place: Int) -> String {
        if let json { return json.steps(from: ancestor, to: place) }
        var parts: [String] = []
        var x = place
        while x != ancestor, let p = parent(of: x) { parts.append(step(of: x)); x = p }
        return parts.reversed().joined()
    }

    func shortPointer(of place: Int, span: Int) -> String {
        var above = place
        for _ in 0..<span {
            guard let p = parent(of: above) else { return pointer(of: place) }
            above = p
        }
        guard parent(of: above) != nil else { return pointer(of: place) }
        let head: String
        if let json {
            head = document.pointerPrefix + json.topPointer(of: place)
        } else if let map = document.sourceMap, !map.elements.isEmpty {
            head = document.pointerPrefix + "/" + map.names[Int(map.elements[0].name)]
        } else {
            head = document.pointerPrefix + "/root"
        }
        return head + "/…" + steps(from: above, to: place)
    }
}
