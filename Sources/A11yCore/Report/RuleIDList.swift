/// Rule ids in first-seen order without empties or repeats, as `OrderedTextList` keeps texts,
/// for the few dozen ids of a response summary. Each id gets a cheap 64-bit key so most
/// comparisons are one integer compare: a `Set<String>` hashed every id with SipHash, which
/// cost more than the rest of a small response's summary.
struct RuleIDList {
    private(set) var items: [String] = []
    private var keys: [UInt64?] = []

    init() {}

    init(_ ids: [String]) {
        for id in ids { append(id) }
    }

    mutating func append(_ id: String) {
        append(id, key: RuleIDList.key(of: id))
    }

    /// `items` with their keys, for lookups in another list without recomputing them.
    var entries: Zip2Sequence<[String], [UInt64?]> { zip(items, keys) }

    mutating func append(_ id: String, key: UInt64?) {
        guard !id.isEmpty, !contains(id, key: key) else { return }
        items.append(id)
        keys.append(key)
    }

    func contains(_ id: String, key: UInt64?) -> Bool {
        for i in items.indices {
            // Different keys of two ASCII ids mean different bytes, hence different strings.
            if let key, let other = keys[i], key != other { continue }
            if items[i] == id { return true }
        }
        return false
    }

    /// FNV-1a of an ASCII id's bytes; nil for other text, which is compared with `==` only
    /// (canonical equivalence can make it equal to different bytes, e.g. "\u{212A}" and "K").
    static func key(of id: String) -> UInt64? {
        var id = id
        return id.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                if byte >= 0x80 { return nil }
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }
}
