/// duplicate-label's key: a normalised label and, when `bytesDecideEquality` holds for it,
/// a digest of its bytes. Such text has one spelling per canonical-equivalence class, so two
/// such keys are equal exactly when their bytes are: the digest rejects nearly every unequal
/// pair in a few instructions, where String == cost ~120. Any other pair compares as String
/// (canonical equivalence: "a;" is "a\u{37E}"), and hashing stays String's seeded hash, so
/// both agree with ==.
struct LabelKey: Hashable {
    /// The label itself when it is ASCII (normalised as it is compared: `ascii` is what is
    /// left once ASCII whitespace is trimmed, and A-Z count as a-z), else its
    /// `normalizedForComparison`. Building the lowercased String of every label cost more
    /// than the few comparisons it served.
    private let source: String
    private let ascii: Range<Int>?
    private let digest: UInt64
    private let bytesDecide: Bool

    /// The normalised label.
    var text: String { ascii == nil ? source : source.normalizedForComparison }

    init(normalizing label: String) {
        if let trimmed = label.withBorrowedUTF8({ String.asciiTrimmedRange($0) }) {
            // ASCII text: its bytes decide equality.
            (source, ascii, bytesDecide) = (label, trimmed, true)
            digest = label.withBorrowedUTF8 { Self.digest(UnsafeBufferPointer(rebasing: $0[trimmed])) }
        } else {
            let text = label.normalizedForComparison
            (source, ascii) = (text, nil)
            (bytesDecide, digest) = text.withBorrowedUTF8 { (Self.bytesDecideEquality($0), Self.digest($0)) }
        }
    }

    /// Length and the first and last 8 bytes (A-Z as a-z): equal digests still compare all bytes.
    private static func digest(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var digest = UInt64(utf8.count)
        for byte in utf8.prefix(8) { digest = digest << 8 | UInt64(folded(byte)) }
        for byte in utf8.suffix(8) { digest = (digest &<< 8 | digest >> 56) ^ UInt64(folded(byte)) }
        return digest
    }

    /// A-Z as a-z; normalised text holds none, so folding leaves it as it is.
    @inline(__always)
    private static func folded(_ byte: UInt8) -> UInt8 { String.asciiLowercased(byte) }

    /// The normalised bytes, but for A-Z in an ASCII label.
    private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        source.withBorrowedUTF8 { utf8 in body(ascii.map { UnsafeBufferPointer(rebasing: utf8[$0]) } ?? utf8) }
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
        if a.bytesDecide && b.bytesDecide {
            guard a.digest == b.digest else { return false }
            return a.withBytes { x in
                b.withBytes { y in
                    guard x.count == y.count else { return false }
                    for i in x.indices where folded(x[i]) != folded(y[i]) { return false }
                    return true
                }
            }
        }
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
