import A11yJSON

public enum Platform: String, Sendable, CaseIterable { case ios, android, web }
public enum Idiom: String, Sendable, CaseIterable { case phone, pad }
public enum LayoutDirection: String, Sendable, CaseIterable { case ltr, rtl }

/// A decoded request: settings plus the node tree in flat storage (index 0 is `root`).
/// Nodes are stored in document pre-order, so walking indices in order visits the tree
/// as written without recursion.
public struct Document: Sendable {
    public var platform: Platform = .ios
    public var idiom: Idiom = .phone
    public var layoutDirection: LayoutDirection = .ltr
    public var options = AuditOptions()
    public var nodes: [Node] = []
    /// Child indices of every node, referenced by `Node.childRange` / `syntheticChildRange`.
    public var childStorage: [Int] = []
    /// Author ids to node indices.
    public var indexByID: [String: Int] = [:]
    /// Pointer of the screen in the request ("" for a single tree, "/screens/N" in a batch).
    public var pointerPrefix = ""
    /// For a document imported from another format (an Android dump): where each node came
    /// from. Its pointers are then element paths into that file instead of JSON Pointers.
    public var sourceMap: SourceMap?
    /// Decoded from JSON: the byte offset of each node's `{` in the bytes the user sent (empty
    /// for documents built in code). Reports turn the offsets of nodes with findings into lines
    /// and columns (`SourceLocations`), so decoding pays one append a node and no line counting.
    public var nodeOffsets: [Int32] = []
    /// For an imported Android dump: the density it was read at, how that was chosen, and
    /// whether the screen is a touch screen (the response's `display`).
    public var androidDisplay: AndroidDisplay?
    /// Device pixels per unit of the frames, when the source says: an Android dump's bounds
    /// are pixels, which the importer divides by this density. A screenshot is placed with it.
    public var pixelsPerUnit: Double?
    /// The screenshot given with this screen, placed on its tree (A11yImport's `ScreenshotImporter`).
    public var screenshot: Screenshot?

    public init() {}

    public var root: Int { 0 }

    public func children(of index: Int) -> ArraySlice<Int> {
        childStorage[nodes[index].childRange]
    }

    public func syntheticChildren(of index: Int) -> ArraySlice<Int> {
        childStorage[nodes[index].syntheticChildRange]
    }

    /// RFC 6901 JSON Pointer of a node in the request, e.g. `/root/children/0`; for an
    /// imported document the node's element path (`/hierarchy/node[1]`, see `SourceMap`).
    public func pointer(of index: Int) -> String {
        Document.pointer(of: index, in: nodes, prefix: pointerPrefix, sourceMap: sourceMap)
    }

    /// `pointer(of:)` for engines that hold the nodes, the screen's prefix and source map, not
    /// the document. With a source map (an imported document) the pointer is the map's path.
    package static func pointer(of index: Int, in nodes: [Node], prefix pointerPrefix: String, sourceMap: SourceMap?) -> String {
        if let sourceMap { return pointerPrefix + sourceMap.path(of: index) }
        // Measured first, then written back to front straight into the String's storage:
        // findings and reports ask for many pointers, so no list of steps and no String per number.
        let root: StaticString = "/root", children: StaticString = "/children/"
        let synthetic: StaticString = "/accessibilityChildren/"
        var length = pointerPrefix.utf8.count + root.utf8CodeUnitCount
        var i = index
        while let parent = nodes[i].parent {
            length += (nodes[i].isSynthetic ? synthetic : children).utf8CodeUnitCount
                + JSONWriter.digitCount(UInt64(nodes[i].indexInParent))
            i = parent
        }
        return String(unsafeUninitializedCapacity: length) { out in
            var end = length
            func write(_ text: StaticString) {
                end -= text.utf8CodeUnitCount
                UnsafeMutableRawPointer(out.baseAddress! + end).copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
            }
            var i = index
            while let parent = nodes[i].parent {
                let n = UInt64(nodes[i].indexInParent), digits = JSONWriter.digitCount(n)
                end -= digits
                JSONWriter.writeDigits(n, count: digits, at: out.baseAddress! + end)
                write(nodes[i].isSynthetic ? synthetic : children)
                i = parent
            }
            write(root)
            _ = out.initialize(fromContentsOf: pointerPrefix.utf8)
            return length
        }
    }

    /// Builds a document from nodes given parent-first; used by tests and generators.
    /// `parent` must refer to an earlier node.
    public mutating func append(_ node: Node, parent: Int?, synthetic: Bool = false) -> Int {
        var node = node
        let index = nodes.count
        node.parent = parent
        node.isSynthetic = synthetic
        if let parent {
            node.depth = nodes[parent].depth + 1
            let range = synthetic ? nodes[parent].syntheticChildRange : nodes[parent].childRange
            node.indexInParent = range.count
            // Appending keeps ranges contiguous only when children are added in order,
            // so re-home the parent's range to the end of storage when needed.
            if range.upperBound != childStorage.count {
                let moved = Array(childStorage[range])
                let start = childStorage.count
                childStorage.append(contentsOf: moved)
                setRange(of: parent, synthetic: synthetic, to: start..<childStorage.count)
            }
            childStorage.append(index)
            let r = synthetic ? nodes[parent].syntheticChildRange : nodes[parent].childRange
            setRange(of: parent, synthetic: synthetic, to: r.lowerBound..<(r.upperBound + 1))
        }
        if let id = node.id { indexByID[id] = index }
        nodes.append(node)
        return index
    }

    private mutating func setRange(of index: Int, synthetic: Bool, to range: Range<Int>) {
        if synthetic { nodes[index].syntheticChildRange = range } else { nodes[index].childRange = range }
    }
}

extension Document {
    /// `childStorage` and every node's `childRange` from each node's parent (-1 for the root),
    /// for documents built in pre-order whose children come in order. Importers build so: `append`
    /// moves a parent's children to the end of storage whenever a subtree came between them,
    /// which costs a copy of those children each time.
    package mutating func fillChildren(parents: [Int32]) {
        let count = parents.count
        var starts = [Int](repeating: 0, count: count + 1)
        for p in parents where p >= 0 { starts[Int(p) + 1] += 1 }
        for i in 0..<count { starts[i + 1] += starts[i] }
        childStorage = [Int](repeating: 0, count: starts[count])
        for i in 0..<count { nodes[i].childRange = starts[i]..<starts[i + 1] }
        var next = starts
        for i in 0..<count where parents[i] >= 0 {
            let p = Int(parents[i])
            childStorage[next[p]] = i
            next[p] += 1
        }
    }
}
