/// Positions of first occurrences by key, for the duplicate rules. The first few keys are
/// compared one by one (a screen's handful of controls compare faster than they hash);
/// past `linearLimit` they move to a dictionary, where each lookup finds or records the key
/// in one probe (the default subscript hashes once; label keys are long).
struct FirstOccurrences<Key: Hashable> {
    private var firstKeys: [Key] = []
    private var positions: [Key: Int] = [:]
    private(set) var count = 0
    private let capacity: Int

    static var linearLimit: Int { 32 }

    init(capacity: Int) {
        self.capacity = capacity
        // One allocation for the linear part: growing by doubling cost ~380 per key.
        firstKeys.reserveCapacity(min(capacity, Self.linearLimit))
    }

    /// Position of the earlier occurrence of `key`, or nil when this is the first (it is
    /// then recorded at position `count`).
    mutating func earlier(_ key: Key) -> Int? {
        let next = count
        if next < Self.linearLimit {
            if let position = firstKeys.firstIndex(of: key) { return position }
            firstKeys.append(key)
            count += 1
            return nil
        }
        if next == Self.linearLimit {
            positions.reserveCapacity(capacity)
            for (position, first) in firstKeys.enumerated() { positions[first] = position }
        }
        let position = Self.value(&positions[key, default: next])
        if position == next { count += 1; return nil }
        return position
    }

    private static func value(_ slot: inout Int) -> Int { slot }
}
