/// The names of a `KnownKeys` type of up to 15 bytes as little-endian words, grouped by length,
/// so a key in the request is matched with one or two integer compares per candidate (see
/// `JSONReader.compactKnownKey`). Longer names are left to `KnownKeys.named`.
@usableFromInline package struct KnownKeyWords<Key> {
    /// A name's bytes: the first eight, then the rest (zero-padded).
    @usableFromInline package struct Entry {
        @usableFromInline package let low: UInt64
        @usableFromInline package let high: UInt64
        @usableFromInline package let key: Key
    }

    /// `entries` in order of length; the names of length n are `entries[starts[n]..<starts[n + 1]]`.
    @usableFromInline let entries: [Entry]
    @usableFromInline let starts: [Int]
    @usableFromInline package static var maxLength: Int { 15 }

    @usableFromInline package init(_ keys: [(name: String, key: Key)]) {
        var byLength = [[Entry]](repeating: [], count: Self.maxLength + 1)
        for (name, key) in keys where name.utf8.count <= Self.maxLength {
            let (low, high) = Self.words(Array(name.utf8))
            byLength[name.utf8.count].append(Entry(low: low, high: high, key: key))
        }
        var starts = [0]
        for group in byLength { starts.append(starts[starts.count - 1] + group.count) }
        entries = byLength.flatMap { $0 }
        self.starts = starts
    }

    /// The bytes as two words, the first byte lowest, the same way a little-endian load reads them.
    @usableFromInline package static func words(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        var low: UInt64 = 0, high: UInt64 = 0
        for (i, byte) in bytes.enumerated() {
            if i < 8 { low |= UInt64(byte) << UInt64(8 * i) } else { high |= UInt64(byte) << UInt64(8 * (i - 8)) }
        }
        return (low, high)
    }

    /// The key whose name is `length` (at most `maxLength`) bytes equal to `low` and `high`.
    @inlinable @inline(__always)
    package func key(length: Int, low: UInt64, high: UInt64) -> Key? {
        var i = starts[length]
        let end = starts[length + 1]
        while i < end {
            if entries[i].low == low && entries[i].high == high { return entries[i].key }
            i += 1
        }
        return nil
    }
}

extension KnownKeyWords: Sendable where Key: Sendable {}
extension KnownKeyWords.Entry: Sendable where Key: Sendable {}
