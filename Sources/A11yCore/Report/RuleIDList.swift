/// Rule ids in first-seen order without empties or repeats, as `OrderedTextList` keeps texts,
/// for the few dozen ids of a response summary. Each id gets a cheap 64-bit key so most
/// comparisons are one integer compare: a `Set<String>` hashed every id with SipHash, which
/// cost more than the rest of a small response's summary.
struct RuleIDList {
    private(set) var items: [String] = []
    /// `key(of:)` per item, in a plain integer array so a lookup is a tight loop.
    private(set) var keys: [UInt64] = []
    /// Some item is not ASCII, so items with other keys may still be equal.
    private var hasNonASCII = false

    init() {}

    /// All of `ids`, repeats and empties kept: only for `index(of:)`, which they do not affect.
    init(lookingUp ids: [String]) {
        items.reserveCapacity(ids.count)
        keys.reserveCapacity(ids.count)
        for id in ids { appendUnchecked(id, key: RuleIDList.key(of: id)) }
    }

    mutating func append(contentsOf ids: [String]) {
        items.reserveCapacity(items.count + ids.count)
        keys.reserveCapacity(keys.count + ids.count)
        for id in ids {
            let key = RuleIDList.key(of: id)
            if !id.isEmpty && index(of: id, key: key) == nil { appendUnchecked(id, key: key) }
        }
    }

    /// Appends without looking for a repeat; the caller knows `id` is new (or does not care).
    mutating func appendUnchecked(_ id: String, key: UInt64) {
        items.append(id)
        keys.append(key)
        if key == RuleIDList.nonASCII { hasNonASCII = true }
    }

    /// Where `id` is, looking from `start` to the end and then from the front: callers that
    /// walk a list in the order it was built find each id at its first look.
    func index(of id: String, key: UInt64, from start: Int = 0) -> Int? {
        let compareAll = key == RuleIDList.nonASCII, compareNonASCII = hasNonASCII
        return keys.withUnsafeBufferPointer { keys in
            var i = start < keys.count ? start : 0
            for _ in 0..<keys.count {
                // Different keys of two ASCII ids mean different bytes, hence different strings.
                if keys[i] == key || compareAll || (compareNonASCII && keys[i] == RuleIDList.nonASCII) {
                    if items[i] == id { return i }
                }
                i = i + 1 == keys.count ? 0 : i + 1
            }
            return nil
        }
    }

    /// The key of every id with a byte >= 0x80, which is compared with `==` only (canonical
    /// equivalence can make it equal to different bytes, e.g. "\u{212A}" and "K").
    static let nonASCII: UInt64 = 0

    /// A multiplicative hash of an ASCII id's bytes, 8 at a time, made odd so it never
    /// equals `nonASCII`. Any function of the bytes would do: equal keys are checked with `==`.
    static func key(of id: String) -> UInt64 {
        id.withBorrowedUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            let prime: UInt64 = 0x0000_0100_0000_01B3
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
            var seen: UInt64 = 0
            var i = 0
            while i + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                seen |= word
                hash = (hash ^ word) &* prime
                hash ^= hash >> 32
                i += 8
            }
            var last: UInt64 = 0
            while i < bytes.count {
                last = last << 8 | UInt64(bytes[i])
                i += 1
            }
            seen |= last
            hash = (hash ^ last) &* prime
            return seen & 0x8080_8080_8080_8080 != 0 ? nonASCII : hash | 1
        }
    }
}
