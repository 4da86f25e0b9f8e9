extension Array {
    /// `Array(repeating:count:)`: per-node tables the engines start with one value per node.
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        guard count <= 64 else { self.init(repeating: value, count: count); return }
        self = []
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}

extension Array {
    /// `count` nils: a per-node table where nothing is known yet.
    @inline(__always)
    init<Wrapped>(nilCount count: Int) where Element == Wrapped? {
        guard count <= 64 else { self.init(repeating: nil, count: count); return }
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(nil) }
    }
}
