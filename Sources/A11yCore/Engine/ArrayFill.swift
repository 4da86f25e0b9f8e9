extension Array {
    /// `Array(repeating:count:)` without its fixed cost for small counts: that initializer
    /// allocates through an unspecialized standard-library entry that looks up the storage's
    /// type metadata (some 350 instructions a call), while `reserveCapacity` is specialized.
    /// Long arrays keep it: it fills them with `memset`. Arrays written node by node in a
    /// loop are written through `withUnsafeMutableBufferPointer`: the optimizer cannot tell
    /// that this array is unique, and a uniqueness check per write would cost more than the
    /// allocation saves.
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        guard count <= 64 else { self.init(repeating: value, count: count); return }
        self = []
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}

extension Array {
    /// `count` nils. Filling with a nil *value* copies it into each element, a (no-op) retain
    /// call per element for optional references; appending the literal `nil` stores zeros.
    @inline(__always)
    init<Wrapped>(nilCount count: Int) where Element == Wrapped? {
        guard count <= 64 else { self.init(repeating: nil, count: count); return }
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(nil) }
    }
}
