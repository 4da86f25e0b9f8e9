extension Array {
    /// `Array(repeating:count:)`, filled by appending when short (measured faster); long
    /// arrays keep the standard initializer.
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        guard count <= 64 else { self.init(repeating: value, count: count); return }
        self = []
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}

extension Array {
    /// `count` nils; short arrays are filled by appending (measured faster).
    @inline(__always)
    init<Wrapped>(nilCount count: Int) where Element == Wrapped? {
        guard count <= 64 else { self.init(repeating: nil, count: count); return }
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(nil) }
    }
}
