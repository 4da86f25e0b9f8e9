/// Where each node of an imported document came from in the user's file: an element path
/// in XPath's abbreviated form (`/hierarchy/node[1]/node[3]`: the element's name and its
/// position among the siblings of that name, from 1) and the line and column of its start
/// tag. Documents decoded from our JSON tree format have none; their pointers are JSON Pointers.
///
/// A class, shared by every copy of the document, so documents that have none pay one nil word.
public final class SourceMap: Sendable {
    /// Distinct element names, referenced by index.
    let names: [String]
    let nameOfNode: [Int32]
    /// Position among the parent's children of the same name, from 1.
    let ordinalOfNode: [Int32]
    let parentOfNode: [Int32]
    let lineOfNode: [Int32]
    let columnOfNode: [Int32]
    /// Bytes of the longest step a path can have ("/", the longest name, "[", the largest
    /// ordinal's digits, "]"): with a node's depth, a bound on its path's length that output
    /// budgets (`OutputMeter`) charge without building the path.
    let maxStepBytes: Int

    init(names: [String], nameOfNode: [Int32], ordinalOfNode: [Int32], parentOfNode: [Int32],
         lineOfNode: [Int32], columnOfNode: [Int32]) {
        self.names = names; self.nameOfNode = nameOfNode; self.ordinalOfNode = ordinalOfNode
        self.parentOfNode = parentOfNode; self.lineOfNode = lineOfNode; self.columnOfNode = columnOfNode
        let longestName = names.lazy.map(\.utf8.count).max() ?? 0
        let largestOrdinal = UInt64(max(1, ordinalOfNode.max() ?? 1))
        maxStepBytes = 3 + longestName + JSONWriter.digitCount(largestOrdinal)
    }

    public var count: Int { nameOfNode.count }

    /// The element path of node `index`; the root element has no position (`/hierarchy`).
    public func path(of index: Int) -> String {
        var steps: [Int] = []
        var i = index
        while i >= 0 { steps.append(i); i = Int(parentOfNode[i]) }
        var out = ""
        for step in steps.reversed() {
            out += "/" + names[Int(nameOfNode[step])]
            if parentOfNode[step] >= 0 { out += "[\(ordinalOfNode[step])]" }
        }
        return out
    }

    /// Line and column (from 1; columns in UTF-16 code units) of node `index`'s start tag.
    public func location(of index: Int) -> (line: Int, column: Int) {
        (Int(lineOfNode[index]), Int(columnOfNode[index]))
    }
}

/// Collects a `SourceMap` while a document is read in order.
struct SourceMapBuilder {
    private var names: [String] = []
    /// Name hashes to indices in `names` (a hash met with another name is not cached).
    private var nameIndex: [UInt64: Int32] = [:]
    private var nameOfNode: [Int32] = []
    private var ordinalOfNode: [Int32] = []
    private(set) var parentOfNode: [Int32] = []
    private var lineOfNode: [Int32] = []
    private var columnOfNode: [Int32] = []
    /// Children seen so far per (parent, name): the next ordinal.
    private var seen: [Int64: Int32] = [:]

    init(expected: Int) {
        for list in [\SourceMapBuilder.nameOfNode, \.ordinalOfNode, \.parentOfNode, \.lineOfNode, \.columnOfNode] {
            self[keyPath: list].reserveCapacity(expected)
        }
    }

    /// Records the next node (in document order): its element name's bytes, parent and location.
    mutating func add(name: UnsafeRawBufferPointer, parent: Int, location: XMLLocation) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let nameID: Int32
        if let known = nameIndex[hash], names[Int(known)].utf8.elementsEqual(name) {
            nameID = known
        } else {
            nameID = Int32(names.count)
            names.append(String(decoding: name, as: UTF8.self))
            if nameIndex[hash] == nil { nameIndex[hash] = nameID }
        }
        let key = Int64(parent) << 32 | Int64(nameID)
        let ordinal = (seen[key] ?? 0) + 1
        if parent >= 0 { seen[key] = ordinal }
        nameOfNode.append(nameID)
        ordinalOfNode.append(ordinal)
        parentOfNode.append(Int32(parent))
        lineOfNode.append(Int32(clamping: location.line))
        columnOfNode.append(Int32(clamping: location.column))
    }

    /// The path of a node added so far (for errors while reading).
    func path(of index: Int) -> String { build().path(of: index) }

    func build() -> SourceMap {
        SourceMap(names: names, nameOfNode: nameOfNode, ordinalOfNode: ordinalOfNode, parentOfNode: parentOfNode,
                  lineOfNode: lineOfNode, columnOfNode: columnOfNode)
    }
}
