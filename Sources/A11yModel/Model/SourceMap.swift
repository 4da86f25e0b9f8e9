import Glibc
import A11yJSON

/// Where each node of an imported document came from in the user's file. For XML (an Android
/// dump, an iOS page source): an element path in XPath's abbreviated form
/// (`/hierarchy/node[1]/node[3]`: the element's name and its position among the siblings of
/// that name, from 1) and the line and column of its start tag. For JSON (a Figma file): the
/// node's RFC 6901 JSON Pointer into that file, its id there (Figma's node id, which a plugin
/// selects the layer by) and, when its role was guessed from a name, that name. Documents
/// decoded from our JSON tree format have none; their pointers are JSON Pointers into the request.
///
/// A class, shared by every copy of the document, so documents that have none pay one nil word.
public final class SourceMap: Sendable {
    /// Distinct element names, referenced by index.
    package let names: [String]
    /// XML sources: one per node.
    package let elements: [Element]
    /// JSON sources: each node's value in the file (`JSONSource`), id and role-guess name ("" when
    /// the role was not guessed).
    package let json: JSONSource?
    let valueOfNode: [Int32]
    let sourceIDOfNode: [String]
    let roleGuessOfNode: [String]
    /// Bytes of the longest step a path can have ("/", the longest name, "[", the largest
    /// ordinal's digits, "]"): with a node's depth, a bound on its path's length that output
    /// budgets (`OutputMeter`) charge without building the path. 0 for JSON sources, whose
    /// steps are stored and measured exactly (`JSONSource.entryBytes`).
    let maxStepBytes: Int

    /// Where a node's element is: its name (an index into `names`), its position among the
    /// parent's children of the same name (from 1), its parent (-1 for the root) and the line
    /// and column of its start tag.
    package struct Element {
        package var name: Int32
        package var ordinal: Int32
        package var parent: Int32
        var line: Int32
        var column: Int32
    }

    init(names: [String], elements: [Element]) {
        self.names = names; self.elements = elements
        json = nil; valueOfNode = []; sourceIDOfNode = []; roleGuessOfNode = []
        let longestName = names.lazy.map(\.utf8.count).max() ?? 0
        let largestOrdinal = UInt64(max(1, elements.lazy.map(\.ordinal).max() ?? 1))
        maxStepBytes = 3 + longestName + JSONWriter.digitCount(largestOrdinal)
    }

    /// A JSON source: per node, its value in `json`, its id and role-guess name.
    package init(json: JSONSource, valueOfNode: [Int32], sourceIDs: [String], roleGuesses: [String]) {
        names = []; elements = []
        self.json = json; self.valueOfNode = valueOfNode; sourceIDOfNode = sourceIDs; roleGuessOfNode = roleGuesses
        maxStepBytes = 0
    }

    public var count: Int { json == nil ? elements.count : valueOfNode.count }

    /// The element path (XML) or JSON Pointer (JSON) of node `index`; an XML root element has
    /// no position (`/hierarchy`).
    public func path(of index: Int) -> String {
        if let json { return json.pointer(of: Int(valueOfNode[index])) }
        var steps: [Int] = []
        var i = index
        while i >= 0 { steps.append(i); i = Int(elements[i].parent) }
        var out = ""
        for step in steps.reversed() {
            out += "/" + names[Int(elements[step].name)]
            if elements[step].parent >= 0 { out += "[\(elements[step].ordinal)]" }
        }
        return out
    }

    /// A bound on the bytes of `path(of:)` for a node at `depth`, without building it.
    package func pathBytes(of index: Int, depth: Int) -> Int {
        if let json { return json.entryBytes(of: Int(valueOfNode[index])) }
        return maxStepBytes * (depth + 1)
    }

    /// JSON sources: the value node `index` came from (`json`'s tree of steps).
    package func value(of index: Int) -> Int { Int(valueOfNode[index]) }

    /// The node's id in its source (a Figma node id), nil when the source has none.
    public func sourceID(of index: Int) -> String? {
        sourceIDOfNode.isEmpty || sourceIDOfNode[index].isEmpty ? nil : sourceIDOfNode[index]
    }

    /// The name the node's role was guessed from, nil when it was not guessed.
    public func roleGuess(of index: Int) -> String? {
        roleGuessOfNode.isEmpty || roleGuessOfNode[index].isEmpty ? nil : roleGuessOfNode[index]
    }

    /// Line and column (from 1; columns in UTF-16 code units) of node `index`'s start tag.
    /// Nil for JSON sources (their nodes have a byte offset instead, see `byteOffset(of:)`).
    public func location(of index: Int) -> (line: Int, column: Int)? {
        elements.isEmpty ? nil : (Int(elements[index].line), Int(elements[index].column))
    }

    /// Byte offset in the file of a JSON source node's `{`; nil for XML sources.
    package func byteOffset(of index: Int) -> Int? {
        guard let json, index < valueOfNode.count else { return nil }
        let value = Int(valueOfNode[index])
        return value < json.offset.count ? Int(json.offset[value]) : nil
    }
}

/// The JSON values nodes came from, as a tree of steps: each value's parent value and its
/// index in the parent's `children` array, or for a top value its whole pointer. Pointers are
/// built when asked for, so storage grows with the values, not with values times depth.
package struct JSONSource: Sendable {
    var parent: [Int32] = []
    /// Index in the parent's `children` array (`/children/N`); -1 for a top value.
    var step: [Int32] = []
    /// Pointers of top values, by value.
    var top: [Int32: String] = [:]
    /// Bytes of each value's pointer, summed as values are added.
    var bytes: [Int32] = []
    /// Byte offset of each value's `{` in the file, for the line and column reports give it.
    package var offset: [Int32] = []
    package init() {}

    package mutating func addTop(_ pointer: String) -> Int {
        top[Int32(parent.count)] = pointer
        parent.append(-1); step.append(-1); bytes.append(Int32(clamping: pointer.utf8.count))
        return parent.count - 1
    }

    package mutating func addChild(of value: Int, at index: Int) -> Int {
        parent.append(Int32(value)); step.append(Int32(index))
        bytes.append(bytes[value] &+ Int32(10 + JSONWriter.digitCount(UInt64(index))))
        return parent.count - 1
    }

    func pointerBytes(of value: Int) -> Int { Int(bytes[value]) }

    /// Bytes of `value`'s entry in a path table: its whole pointer when it is at most
    /// `nodePathSpan` steps below its top, else at most the bytes of its last `nodePathSpan` steps.
    func entryBytes(of value: Int) -> Int {
        var i = value
        for _ in 0..<nodePathSpan {
            guard step[i] >= 0 else { return Int(bytes[value]) }
            i = Int(parent[i])
        }
        return step[i] < 0 ? Int(bytes[value]) : Int(bytes[value] &- bytes[i])
    }

    /// Values read, layers and elements alike (some are no node: skipped or flattened layers).
    package var count: Int { parent.count }

    /// The value `value` is a child of; nil for a top value.
    package func parent(of value: Int) -> Int? { step[value] < 0 ? nil : Int(parent[value]) }

    /// The pointer of the top value above `value` (`/document`, `/nodes/1:2/document`).
    package func topPointer(of value: Int) -> String {
        var i = value
        while step[i] >= 0 { i = Int(parent[i]) }
        return top[Int32(i)] ?? ""
    }

    /// The `/children/N` steps from `ancestor` down to `value`.
    package func steps(from ancestor: Int, to value: Int) -> String {
        var steps: [Int32] = []
        var i = value
        while i != ancestor, step[i] >= 0 { steps.append(step[i]); i = Int(parent[i]) }
        var out = ""
        for s in steps.reversed() { out += "/children/\(s)" }
        return out
    }

    /// Bytes of `steps(from: ancestor, to: value)` (`ancestor` above `value`).
    package func stepBytes(from ancestor: Int, to value: Int) -> Int { Int(bytes[value] &- bytes[ancestor]) }

    package func pointer(of value: Int) -> String {
        var steps: [Int32] = []
        var i = value
        while step[i] >= 0 { steps.append(step[i]); i = Int(parent[i]) }
        var out = top[Int32(i)] ?? ""
        for s in steps.reversed() { out += "/children/\(s)" }
        return out
    }
}

/// Collects a `SourceMap` while a document is read in order.
package struct SourceMapBuilder {
    private var names: [String] = []
    /// Name hashes to indices in `names` (a hash met with another name is not cached).
    private var nameIndex: [UInt64: Int32] = [:]
    /// One per node added (one array, so adding a node appends twice, not six times).
    private var elements: [SourceMap.Element] = []
    /// Children seen so far per (parent, name): the last ordinal given. Not written while
    /// children of one name follow each other (see `add`).
    private var seen: [Int64: Int32] = [:]
    /// The last child added to each node (-1: none yet).
    private var lastChild: [Int32] = []
    /// The name of the node added last, as the bytes it was read from, and its index in `names`.
    private var lastName: (bytes: UnsafeRawBufferPointer, id: Int32)?

    package init(expected: Int) {
        elements.reserveCapacity(expected)
        lastChild.reserveCapacity(expected)
    }

    /// Records the next node (in document order): its element name's bytes (which stay valid
    /// while the document is read), parent and location.
    /// Speed: a name like the last one's and a child named like its previous sibling (dumps
    /// are mostly runs of `<node>`) need no hashing; `seen` is written only when such a run ends.
    package mutating func add(name: UnsafeRawBufferPointer, parent: Int, line: Int, column: Int) {
        let nameID: Int32
        if let last = lastName, Self.sameBytes(last.bytes, name) {
            nameID = last.id
        } else {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            if let known = nameIndex[hash], names[Int(known)].utf8.elementsEqual(name) {
                nameID = known
            } else {
                nameID = Int32(names.count)
                names.append(String(decoding: name, as: UTF8.self))
                if nameIndex[hash] == nil { nameIndex[hash] = nameID }
            }
            lastName = (name, nameID)
        }
        let ordinal: Int32
        if parent < 0 {
            ordinal = 1
        } else {
            let previous = Int(lastChild[parent])
            if previous < 0 {
                ordinal = 1
            } else if elements[previous].name == nameID {
                ordinal = elements[previous].ordinal + 1
            } else {
                // The previous sibling's run ends: record it, then continue this name's count.
                seen[Int64(parent) << 32 | Int64(elements[previous].name)] = elements[previous].ordinal
                ordinal = (seen[Int64(parent) << 32 | Int64(nameID)] ?? 0) + 1
            }
            lastChild[parent] = Int32(elements.count)
        }
        lastChild.append(-1)
        elements.append(SourceMap.Element(name: nameID, ordinal: ordinal, parent: Int32(parent),
                                          line: Int32(clamping: line), column: Int32(clamping: column)))
    }

    /// Whether two names have the same bytes.
    /// Speed: one `memcmp`, not a byte-by-byte walk of two sequences (called once a node).
    @inline(__always)
    private static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// The path of a node added so far (for errors while reading).
    package func path(of index: Int) -> String { build().path(of: index) }

    package func build() -> SourceMap {
        SourceMap(names: names, elements: elements)
    }
}