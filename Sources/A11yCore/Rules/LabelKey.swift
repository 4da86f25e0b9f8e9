/// duplicate-label's key: a normalised label and, when `bytesDecideEquality` holds for it,
/// a digest of its bytes. Such text has one spelling per canonical-equivalence class, so two
/// such keys are equal exactly when their bytes are: the digest rejects nearly every unequal
/// pair in a few instructions, where String == cost ~120. Any other pair compares as String
/// (canonical equivalence: "a;" is "a\u{37E}"), and hashing stays String's seeded hash, so
/// both agree with ==.
struct LabelKey: Hashable {
    let text: String
    private let digest: UInt64
    private let bytesDecide: Bool

    init(normalizing label: String) {
        text = label.normalizedForComparison
        (bytesDecide, digest) = text.withBorrowedUTF8 { utf8 in
            // Length and the first and last 8 bytes: equal digests still compare all bytes.
            var digest = UInt64(utf8.count)
            for byte in utf8.prefix(8) { digest = digest << 8 | UInt64(byte) }
            for byte in utf8.suffix(8) { digest = (digest &<< 8 | digest >> 56) ^ UInt64(byte) }
            return (Self.bytesDecideEquality(utf8), digest)
        }
    }

    /// Valid UTF-8 whose scalars are all in U+0000...U+00FF (lead bytes below C4) or
    /// U+2002...U+206F (E2 80 82...E2 81 AF). Those scalars are starters, none is a singleton
    /// decomposition of another (U+2000/U+2001 are, of U+2002/U+2003) and Latin-1 decomposes to
    /// a base plus one mark, so distinct such texts are never canonically equivalent (a test
    /// checks every pair of these scalars).
    static func bytesDecideEquality(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            if byte < 0xC4 { i += 1; continue }
            guard byte == 0xE2, i + 2 < utf8.count else { return false }
            switch (utf8[i + 1], utf8[i + 2]) {
            case (0x80, 0x82...), (0x81, ...0xAF): i += 3
            default: return false
            }
        }
        return true
    }

    static func == (a: LabelKey, b: LabelKey) -> Bool {
        if a.bytesDecide && b.bytesDecide { return a.digest == b.digest && String.sameBytes(a.text, b.text) }
        return a.text == b.text
    }

    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// duplicate-label's first occurrences: a screen that fits `FirstOccurrences`' linear part
/// compares `LabelKey`s (digest first); a larger one hashes normalised bytes
/// (`NormalizedLabelTable`).
struct LabelOccurrences {
    private var few: FirstOccurrences<LabelKey>?
    private var many: NormalizedLabelTable?

    init(capacity: Int) {
        if capacity <= FirstOccurrences<LabelKey>.linearLimit {
            few = FirstOccurrences(capacity: capacity)
        } else {
            many = NormalizedLabelTable(capacity: capacity)
        }
    }

    /// Position of the earlier control with the same normalised label, or nil (then recorded).
    mutating func earlier(_ label: String) -> Int? {
        if few != nil { return few!.earlier(LabelKey(normalizing: label)) }
        return many!.earlier(label)
    }
}
