import A11yEngines
import A11yModel
/// Which suppression, if any, accepts a finding: the first in the request's order whose
/// given fields (rule, node id, composed identifier, node pointer) all match it. Looked up
/// by hashing rather than by trying each suppression on each finding, which cost
/// suppressions × findings (a request can name thousands of each).
struct SuppressionIndex {
    /// For each combination of given fields (a bit per field), the position of the first
    /// suppression giving exactly those fields, by their values.
    private var firstByKey: [Key: Int] = [:]
    /// The combinations some suppression gives.
    private var shapes: [UInt8] = []
    private let suppressions: [Suppression]

    private struct Key: Hashable {
        var shape: UInt8
        var rule: String?, id: String?, identifier: String?, node: String?
    }

    private static let rule: UInt8 = 1, id: UInt8 = 2, identifier: UInt8 = 4, node: UInt8 = 8

    init(_ suppressions: [Suppression]) {
        self.suppressions = suppressions
        var seenShapes = Set<UInt8>()
        for (position, s) in suppressions.enumerated() {
            var shape: UInt8 = 0
            if s.rule != nil { shape |= Self.rule }
            if s.id != nil { shape |= Self.id }
            if s.identifier != nil { shape |= Self.identifier }
            if s.node != nil { shape |= Self.node }
            // A suppression that gives no field matches nothing.
            guard shape != 0 else { continue }
            let key = Key(shape: shape, rule: s.rule, id: s.id, identifier: s.identifier, node: s.node)
            if firstByKey[key] == nil { firstByKey[key] = position }
            if seenShapes.insert(shape).inserted { shapes.append(shape) }
        }
    }

    var isEmpty: Bool { shapes.isEmpty }

    /// The first suppression that matches `finding`.
    func suppression(for finding: Finding, in analysis: Analysis) -> Suppression? {
        let node = finding.node
        let id = analysis.document.nodes[node].id
        let identifier = analysis.identifier(ofNode: node)
        // Built only when some suppression names a node pointer.
        var pointer: String?
        var best = Int.max
        for shape in shapes {
            if shape & Self.id != 0 && id == nil { continue }
            if shape & Self.identifier != 0 && identifier == nil { continue }
            if shape & Self.node != 0 && pointer == nil { pointer = analysis.document.pointer(of: node) }
            let key = Key(shape: shape, rule: shape & Self.rule != 0 ? finding.rule : nil,
                          id: shape & Self.id != 0 ? id : nil,
                          identifier: shape & Self.identifier != 0 ? identifier : nil,
                          node: shape & Self.node != 0 ? pointer : nil)
            if let position = firstByKey[key], position < best { best = position }
        }
        return best == Int.max ? nil : suppressions[best]
    }
}
