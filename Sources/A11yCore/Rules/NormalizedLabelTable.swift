/// duplicate-label's first occurrences on a larger screen: each normalised label as bytes in
/// one buffer, found through an open-addressed table of seeded hashes of those bytes. Keying a
/// dictionary by String built a String per long label and hashed it through String's hash,
/// which for non-ASCII text normalises it again. Exact while every key is text whose bytes
/// decide equality (`LabelKey.bytesDecideEquality`): the first other key moves every key to a
/// String dictionary, which compares by canonical equivalence.
struct NormalizedLabelTable {
    /// Every distinct key's bytes, one after another; key `i` ends at `ends[i]`.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var hashes: [Int] = []
    /// Position + 1 of the key in each slot, 0 when empty; a power of two, at most half full.
    private var slots: [Int32]
    /// Set once a key's bytes do not decide equality; from then on the only table.
    private var strings: FirstOccurrences<String>?

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        ends.reserveCapacity(capacity); hashes.reserveCapacity(capacity)
        bytes.reserveCapacity(16 * capacity)  // once: labels average some 15 bytes
    }

    /// Position of the earlier label with the same `normalizedForComparison`, or nil (then recorded).
    mutating func earlier(_ label: String) -> Int? {
        if strings != nil { return strings!.earlier(label.normalizedForComparison) }
        let start = bytes.count
        if !appendLatin1Normalized(label) {
            let normalized = label.normalizedForComparison
            let decides = normalized.withBorrowedUTF8 { utf8 -> Bool in
                guard LabelKey.bytesDecideEquality(utf8) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if !decides { return movedToStrings(normalized) }
        }
        return find(from: start)
    }

    /// Appends `label.normalizedForComparison` for text whose bytes decide equality and whose
    /// ends, once ASCII whitespace is trimmed, are ASCII: ASCII whitespace next to ASCII is a
    /// Character of its own (as `normalizedForComparison` relies on), and these scalars
    /// lowercase within their UTF-8 length (ASCII and `String.lowercaseLatin1`; General
    /// Punctuation is its own lowercase). False, having appended nothing, for other text.
    private mutating func appendLatin1Normalized(_ label: String) -> Bool {
        label.withBorrowedUTF8 { utf8 -> Bool in
            var from = 0, to = utf8.count
            while from < to, String.isASCIIWhitespace(utf8[from]) { from += 1 }
            while to > from, String.isASCIIWhitespace(utf8[to - 1]) { to -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: utf8[from..<to])
            guard from == to || (utf8[from] < 0x80 && utf8[to - 1] < 0x80),
                  LabelKey.bytesDecideEquality(trimmed) else { return false }
            let start = bytes.count
            bytes.append(contentsOf: trimmed)
            bytes.withUnsafeMutableBufferPointer { all in
                var i = start
                while i < all.count {
                    let byte = all[i]
                    if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) {
                        all[i] = byte + 0x20
                    } else if byte == 0xC3, (0x80...0x9E).contains(all[i + 1]), all[i + 1] != 0x97 {
                        // U+00C0...U+00DE but U+00D7: lowercase is 0x20 higher, in the second byte.
                        all[i + 1] += 0x20
                        i += 1
                    }
                    i += 1
                }
            }
            return true
        }
    }

    /// Looks up the key at `bytes[start...]`: an earlier one's position (the key is then
    /// dropped from the buffer), or nil after recording it.
    private mutating func find(from start: Int) -> Int? {
        if 2 * (ends.count + 1) > slots.count { grow() }
        let end = bytes.count
        let hash = bytes.withUnsafeBytes { raw in
            // Seeded like any Dictionary's, a word at a time (hashing raw bytes went through
            // Hasher's byte buffer); the length keeps a key apart from its zero-padded extension.
            var hasher = Hasher()
            hasher.combine(end - start)
            var i = start
            while i + 8 <= end {
                hasher.combine(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            var tail: UInt64 = 0
            while i < end { tail = tail << 8 | UInt64(raw[i]); i += 1 }
            hasher.combine(tail)
            return hasher.finalize()
        }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if hashes[position] == hash && sameBytes(position, start..<end) {
                bytes.removeLast(end - start)  // not removeSubrange: generic and slow
                return position
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(ends.count + 1)
        ends.append(end); hashes.append(hash)
        return nil
    }

    /// Twice the slots, every key placed again by its stored hash: a table sized for fewer
    /// keys than it is given must not fill up, where a probe for a new key would never end.
    private mutating func grow() {
        slots = Array(repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for position in hashes.indices {
            var slot = hashes[position] & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }

    private func sameBytes(_ position: Int, _ key: Range<Int>) -> Bool {
        let from = position == 0 ? 0 : ends[position - 1]
        guard ends[position] - from == key.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            key.isEmpty || JSONReader.sameBytes(all.baseAddress! + from, all.baseAddress! + key.lowerBound, count: key.count)
        }
    }

    /// Every key so far into a String dictionary, in position order (distinct keys whose bytes
    /// decide equality are never equal as Strings, so each keeps its position), then `key`.
    private mutating func movedToStrings(_ key: String) -> Int? {
        var table = FirstOccurrences<String>(capacity: slots.count / 2)
        var from = 0
        for end in ends {
            _ = table.earlier(String(decoding: bytes[from..<end], as: UTF8.self))
            from = end
        }
        strings = table
        bytes = []; ends = []; hashes = []; slots = []
        return strings!.earlier(key)
    }
}
