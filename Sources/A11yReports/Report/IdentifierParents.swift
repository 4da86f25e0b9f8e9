import A11yEngines
import A11yJSON
import A11yModel
import A11yRules

/// Writes the `identifiers` entries of a screen: a composed identifier up to
/// `BoundedText.limit` bytes whole (`"identifier"`), a longer one as the entry of its nearest
/// ancestor with a composed identifier (`"parent"`, an index into `identifiers`) and what it
/// adds to that one (`"suffix"`, `.segment`), so a chain of nested identifiers writes each
/// segment once. Parents come before their children (document order).
struct IdentifierParents {
    private let analysis: Analysis
    /// Index in `identifiers` of each node's entry (-1: none); built when first needed.
    private var entryOfNode: [Int32] = []

    init(_ analysis: Analysis) { self.analysis = analysis }

    mutating func write(_ k: Int, of identifiers: UnsafeBufferPointer<ComposedIdentifier>, into w: inout JSONWriter) {
        let identifier = identifiers[k].identifier
        if identifier.utf8.count > BoundedText.limit, let parent = parentEntry(of: identifiers[k].node, identifiers) {
            let prefix = identifiers[parent].identifier
            if identifier.utf8.starts(with: prefix.utf8) {
                w.staticKey("parent"); w.int(parent)
                w.staticKey("suffix"); w.string(String(decoding: identifier.utf8.dropFirst(prefix.utf8.count), as: UTF8.self))
                return
            }
        }
        w.staticKey("identifier"); w.string(identifier)
    }

    /// The entry of the nearest ancestor of `node` that has a composed identifier.
    private mutating func parentEntry(of node: Int, _ identifiers: UnsafeBufferPointer<ComposedIdentifier>) -> Int? {
        if entryOfNode.isEmpty {
            entryOfNode = [Int32](repeating: -1, count: analysis.document.nodes.count)
            for k in identifiers.indices { entryOfNode[identifiers[k].node] = Int32(k) }
        }
        var x = analysis.document.nodes[node].parent
        while let p = x {
            if entryOfNode[p] >= 0 { return Int(entryOfNode[p]) }
            x = analysis.document.nodes[p].parent
        }
        return nil
    }
}
