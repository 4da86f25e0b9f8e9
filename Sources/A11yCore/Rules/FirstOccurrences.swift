/// Positions of first occurrences by key, for the duplicate rules: each lookup finds or
/// records the key in one probe (the default subscript hashes once; label keys are long).
struct FirstOccurrences<Key: Hashable> {
    private var positions: [Key: Int] = [:]
    private(set) var count = 0

    init(capacity: Int) { positions.reserveCapacity(capacity) }

    /// Position of the earlier occurrence of `key`, or nil when this is the first (it is
    /// then recorded at position `count`).
    mutating func earlier(_ key: Key) -> Int? {
        let next = count
        let position = Self.value(&positions[key, default: next])
        if position == next { count += 1; return nil }
        return position
    }

    private static func value(_ slot: inout Int) -> Int { slot }
}
