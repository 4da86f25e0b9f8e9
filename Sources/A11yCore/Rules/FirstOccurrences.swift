/// Positions of first occurrences by key, for the duplicate rules. The first few keys are
/// compared one by one (a screen's handful of controls compare faster than they hash);
/// past `linearLimit` they are found through an open-addressed table of positions tagged
/// with part of the key's (seeded) hash. The keys stay in one array in position order: a
/// `[Key: Int]` dictionary held every key again beside its value (some 2.6 MB of buckets for
/// 40k frames, probed at random), where a slot here is 8 bytes and keys are compared only
/// when the tag matches.
struct FirstOccurrences<Key: Hashable> {
    private var firstKeys: [Key] = []
    /// Past the linear part: per slot, position + 1 in the low 32 bits and the hash's high
    /// 32 bits above (0: empty). A power of two, at most half full.
    private var slots: [UInt64] = []
    private let capacity: Int

    static var linearLimit: Int { 32 }

    var count: Int { firstKeys.count }

    init(capacity: Int) {
        self.capacity = capacity
        // One allocation for the linear part: growing by doubling cost ~380 per key.
        firstKeys.reserveCapacity(min(capacity, Self.linearLimit))
    }

    /// Position of the earlier occurrence of `key`, or nil when this is the first (it is
    /// then recorded at position `count`).
    mutating func earlier(_ key: Key) -> Int? {
        let next = firstKeys.count
        if next < Self.linearLimit {
            if let position = firstKeys.firstIndex(of: key) { return position }
            firstKeys.append(key)
            return nil
        }
        if slots.isEmpty {
            firstKeys.reserveCapacity(max(capacity, next + 1))
            rebuild(slotCount: Self.slotCount(for: max(capacity, 2 * next)))
        } else if 2 * (next + 1) > slots.count {
            rebuild(slotCount: 2 * slots.count)
        }
        let hash = key.hashValue
        let tag = UInt64(truncatingIfNeeded: hash) & Self.tagMask
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            if slots[slot] & Self.tagMask == tag {
                let position = Int(truncatingIfNeeded: slots[slot] & ~Self.tagMask) - 1
                if firstKeys[position] == key { return position }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag | UInt64(next + 1)
        firstKeys.append(key)
        return nil
    }

    private static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    private static func slotCount(for keys: Int) -> Int {
        var size = 64
        while size < 2 * keys { size <<= 1 }
        return size
    }

    /// Every recorded key into a table of `slotCount` slots (once past the linear part, and
    /// whenever a table sized for fewer keys fills up).
    private mutating func rebuild(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for (position, key) in firstKeys.enumerated() {
            let hash = key.hashValue
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt64(truncatingIfNeeded: hash) & Self.tagMask | UInt64(position + 1)
        }
    }
}
