/// Node indices in first-seen order without repeats. Short lists (nearly all) are searched
/// one by one; past `linearLimit` entries a set answers membership, so a strategy or a
/// receiver naming thousands of nodes costs linear time, not quadratic.
struct UniqueNodeList {
    private(set) var nodes: [Int]
    private var seen: Set<Int> = []
    private static let linearLimit = 16

    /// Starts from `nodes`, which must hold no repeats.
    init(_ nodes: consuming [Int]) { self.nodes = nodes }

    mutating func append(_ node: Int) {
        if nodes.count < UniqueNodeList.linearLimit {
            guard !nodes.contains(node) else { return }
        } else {
            if seen.isEmpty { seen = Set(nodes) }
            guard seen.insert(node).inserted else { return }
        }
        nodes.append(node)
    }

    /// Gives the list up (the caller stores it back in its draft).
    consuming func take() -> [Int] { nodes }
}
