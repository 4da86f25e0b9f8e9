/// Decodes a `root` node and its subtree into flat pre-order storage, then resolves
/// references between nodes (strategies, rotors) by author id.
/// Noncopyable: it owns the memory of its child-index stack (see `RawStack`).
struct TreeDecoder: ~Copyable {
    let limits: DecodeLimits
    /// Nodes still allowed in this request.
    let nodeBudget: Int
    var document = Document()
    /// The nodes' boxed fields, row i for node i (see `FieldTable`).
    private var fields: FieldTable
    /// Child indices of the nodes being decoded; siblings sit together on top.
    private var scratch = RawStack<Int>(capacity: 64)
    private var pendingStrategies: [(node: Int, raw: RawStrategies)] = []
    private var pendingRotors: [(node: Int, rotor: Int, items: [Reference])] = []
    /// The last few distinct styles (see `style`): their bytes in the request, and their boxes
    /// at the same index (two arrays: scanning the bytes then touches no reference). When full,
    /// a new one replaces the oldest.
    private var recentStyleBytes: [UnsafeRawBufferPointer] = []
    private var recentStyleBoxes: [Indirect<Style>] = []
    private var styleSlot = 0
    private static let recentStyleCount = 8
    /// The node fields' names and readers (`NodeWire.fields`).
    private let nodeKeys = NodeFieldKey.keyWords
    private let nodeReadings = NodeWire.readings

    /// `expectedNodes` sizes storage up front (a guess; storage still grows past it), so the
    /// node array is not copied on every doubling.
    init(limits: DecodeLimits, nodeBudget: Int, expectedNodes: Int = 0) {
        self.limits = limits
        self.nodeBudget = nodeBudget
        let capacity = min(expectedNodes, nodeBudget, limits.maxNodes)
        fields = FieldTable(capacity: max(capacity, 4))
        if capacity > 0 {
            document.nodes.reserveCapacity(capacity)
            document.childStorage.reserveCapacity(capacity)
            document.nodeOffsets.reserveCapacity(capacity)
            // Typical trees give ids to a third to a half of their nodes; growing the table
            // instead rehashes every id taken so far at each doubling. (Made new rather than
            // `reserveCapacity`, which is not specialised and looks up generic metadata per call.)
            document.indexByID = Dictionary(minimumCapacity: max(capacity / 2, 8))
        }
    }

    /// A guess at the nodes in `bytes` of request: generated and pretty-printed trees run at
    /// 150 to 250 bytes a node, so this rarely falls short and over-reserves by little.
    static func expectedNodes(inBytes bytes: Int) -> Int { bytes / 128 }

    /// The document decoded from the cursor's `root` object.
    mutating func decodeTree(_ c: inout JSONCursor) throws(InputError) -> Document {
        _ = try decodeNode(&c, parent: nil, synthetic: false, indexInParent: 0, depth: 0)
        try resolveReferences(c)
        var decoded = Document()
        swap(&decoded, &document)
        return decoded
    }

    /// Decodes one node object; returns its index. Recursion is bounded by `maxNodeDepth`.
    private mutating func decodeNode(_ c: inout JSONCursor, parent: Int?, synthetic: Bool,
                                     indexInParent: Int, depth: Int) throws(InputError) -> Int {
        guard depth <= limits.maxNodeDepth else {
            throw c.error(.limit, "nodes nested deeper than \(limits.maxNodeDepth) levels")
        }
        guard document.nodes.count < min(limits.maxNodes, nodeBudget) else {
            throw c.error(.limit, "more than \(limits.maxNodes) nodes")
        }
        // Appended first, so storage stays in pre-order.
        if fields.isFull { growFields() }
        let index = document.nodes.count
        fields.append(Node.Fields())
        document.nodes.append(Node(table: fields, row: index, parent: parent, isSynthetic: synthetic,
                                   indexInParent: indexInParent, depth: depth))

        var object = try c.beginObject("a node object")
        // The `{` just consumed: where reports point for this node (one append a node).
        document.nodeOffsets.append(Int32(truncatingIfNeeded: c.reader.position &- 1))
        while let (_, key) = try c.nextKey(&object, known: nodeKeys) {
            // A `null` member counts as absent; unknown members are skipped.
            if try c.consumeNull() { continue }
            guard let key else { try c.skip(); continue }
            switch nodeReadings[key.index] {
            case .value(let read):
                try read(&c, &document.nodes[index], FieldRow(table: fields, index: index))
            case .string(let offset, let flag):
                let text = try c.string()
                document.nodes[index].note(flag, !text.isEmpty)
                fields.setString(text, row: index, at: offset)
            case .tree(.id):
                let id = try c.string()
                fields[index].id = id
                // One hash per id: an id already taken fails the whole request, so overwriting it is harmless.
                if let first = document.indexByID.updateValue(index, forKey: id) {
                    throw c.error(.duplicateID, "duplicate id \"\(id)\" (first used at \(document.pointer(of: first)))")
                }
            case .tree(.type):
                let (kind, typeName) = try NodeFields.kind(&c)
                document.nodes[index].kind = kind
                fields[index].typeName = typeName
            case .tree(.frame):
                document.nodes[index].frame = try NodeFields.rect(&c)
            case .tree(let member) where member == .children || member == .accessibilityChildren:
                let isSynthetic = member == .accessibilityChildren
                let mark = scratch.count
                var list = try c.beginArray()
                while try c.nextElement(&list) {
                    let child = try decodeNode(&c, parent: index, synthetic: isSynthetic, indexInParent: list.index, depth: depth + 1)
                    scratch.push(child)
                }
                let start = document.childStorage.count
                document.childStorage.append(contentsOf: scratch.buffer(from: mark))
                scratch.truncate(to: mark)
                let range = start..<document.childStorage.count
                if isSynthetic { document.nodes[index].syntheticChildRange = range } else { document.nodes[index].childRange = range }
            case .tree(.strategies):
                pendingStrategies.append((index, try RawStrategies.decode(&c)))
            case .tree(.style):
                fields[index].style = try style(&c)
                document.nodes[index].note(.style, true)
            case .tree(.rotors):
                var rotors: [Rotor] = []
                var list = try c.beginArray()
                while try c.nextElement(&list) {
                    let (rotor, items) = try NodeFields.rotor(&c)
                    rotors.append(rotor)
                    pendingRotors.append((index, list.index, items))
                }
                // An empty list takes no rare row: it reads the same as none.
                if !rotors.isEmpty { fields[rareOf: index].rotors = rotors; document.nodes[index].note(.lists, true) }
            case .tree:
                try c.skip()
            }
        }
        return index
    }

    /// A node's style. Trees repeat a handful of styles (a design system's text styles): an
    /// object byte for byte like one decoded before is that style, so it shares its box instead
    /// of being parsed, boxed and freed again. Only objects with nothing nested are kept, and
    /// only where the object itself may open, so no depth limit goes unchecked.
    private mutating func style(_ c: inout JSONCursor) throws(InputError) -> Indirect<Style> {
        c.reader.skipWhitespace()
        let start = c.reader.position
        if c.reader.depth < c.reader.maxDepth {
            for i in recentStyleBytes.indices where c.reader.hasBytes(recentStyleBytes[i], at: start) {
                c.reader.position = start + recentStyleBytes[i].count
                c.reader.atContainerStart = false
                return recentStyleBoxes[i]
            }
        }
        let opened = c.reader.containersOpened
        let box = Indirect(try StyleDecoder.style(&c))
        if c.reader.containersOpened &- opened == 1 {
            let bytes = UnsafeRawBufferPointer(rebasing: c.reader.buffer[start..<c.reader.position])
            if recentStyleBytes.count < Self.recentStyleCount {
                if recentStyleBytes.isEmpty {
                    recentStyleBytes.reserveCapacity(Self.recentStyleCount)
                    recentStyleBoxes.reserveCapacity(Self.recentStyleCount)
                }
                recentStyleBytes.append(bytes)
                recentStyleBoxes.append(box)
            } else {
                recentStyleBytes[styleSlot] = bytes
                recentStyleBoxes[styleSlot] = box
                styleSlot = (styleSlot + 1) % Self.recentStyleCount
            }
        }
        return box
    }

    /// Moves the rows to a table with more room and points the nodes decoded so far at it.
    private mutating func growFields() {
        fields = fields.grown()
        for i in document.nodes.indices { document.nodes[i].move(to: fields) }
    }

    /// `c` names the places of references that fail.
    private mutating func resolveReferences(_ c: borrowing JSONCursor) throws(InputError) {
        for (node, raw) in pendingStrategies {
            fields[rareOf: node].strategies = Indirect(try raw.resolve(document.indexByID, c))
            document.nodes[node].note(.strategies, true)
        }
        for (node, rotor, items) in pendingRotors {
            var resolved: [Int] = []
            resolved.reserveCapacity(items.count)
            for ref in items { resolved.append(try ref.resolve(document.indexByID, c)) }
            fields[rareOf: node].rotors[rotor].items = resolved
        }
    }
}

/// A node id written in the request, with where it was written.
struct Reference {
    var id: String
    var location: JSONCursor.Location

    package func resolve(_ index: [String: Int], _ c: borrowing JSONCursor) throws(InputError) -> Int {
        guard let i = index[id] else { throw InputError(.unknownReference, "no node has id \"\(id)\"", at: c.pointer(at: location)) }
        return i
    }
}
