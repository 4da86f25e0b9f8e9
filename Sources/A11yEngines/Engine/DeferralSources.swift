/// The visible deferral sources of one container, by identifier. Containers usually hold
/// a handful: comparing against a flat list then costs less than hashing every identifier
/// into a dictionary. Past `linearLimit` sources a dictionary keeps large trees linear.
struct DeferralSources {
    private static let linearLimit = 16
    private var list: [(id: String, node: Int)] = []
    private var byID: [String: [Int]] = [:]

    mutating func add(_ id: String, node: Int) {
        if byID.isEmpty && list.count < DeferralSources.linearLimit {
            // Room for the whole short list at once.
            if list.isEmpty { list.reserveCapacity(DeferralSources.linearLimit) }
            list.append((id, node))
            return
        }
        if byID.isEmpty {
            for source in list { byID[source.id, default: []].append(source.node) }
            list = []
        }
        byID[id, default: []].append(node)
    }

    /// Source nodes with identifier `id`, in document order.
    func nodes(for id: String) -> [Int] {
        guard byID.isEmpty else { return byID[id] ?? [] }
        var found: [Int] = []
        for source in list where source.id == id { found.append(source.node) }
        return found
    }
}
