/// Label text compared the way a listener hears it: ignoring case and surrounding space.
extension String {
    /// Trimmed and lowercased, for comparisons that ignore case and padding.
    package var normalizedForComparison: String {
        if let ascii = asciiNormalizedForComparison { return ascii }
        var s = Substring(self)
        // An end byte that is ASCII and not whitespace starts / ends a Character that is not
        // whitespace (no ASCII scalar extends a cluster begun by whitespace), so most text skips
        // the Character walk.
        if let first = s.utf8.first, first >= 0x80 || Self.isASCIIWhitespace(first) {
            while let c = s.first, c.isWhitespace { s.removeFirst() }
        }
        if let last = s.utf8.last, last >= 0x80 || Self.isASCIIWhitespace(last) {
            while let c = s.last, c.isWhitespace { s.removeLast() }
        }
        let start = self.utf8.distance(from: startIndex, to: s.startIndex)
        let end = self.utf8.distance(from: startIndex, to: s.endIndex)
        var text = self
        return text.withUTF8 { Self.lowercasedByScalar($0[start..<end]) }
    }

    /// `lowercased()` of valid UTF-8, which maps every scalar on its own: ASCII bytes are
    /// folded in place and only other scalars go through their mapping (the stdlib builds a
    /// String per scalar, which dominated mixed-script labels).
    private static func lowercasedByScalar(_ utf8: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        // Nearly every label holds only scalars whose lowercase has the same UTF-8 length
        // (ASCII, Latin-1, General Punctuation): written straight into the String, with no
        // byte array; any other scalar gives up and takes the general path below.
        var complete = true
        let input = UnsafeBufferPointer(rebasing: utf8)
        let direct = String(unsafeUninitializedCapacity: input.count) { out in
            var i = 0, o = 0
            while i < input.count {
                let lead = input[i]
                if lead < 0x80 {
                    out[o] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(lead) ? lead + 0x20 : lead
                    i += 1; o += 1
                    continue
                }
                let (value, length) = scalar(input[...], at: i)
                if let lower = lowercaseLatin1(value) {
                    out[o] = 0xC0 | UInt8(lower >> 6)
                    out[o + 1] = 0x80 | UInt8(lower & 0x3F)
                } else if isGeneralPunctuation(value) {
                    for k in 0..<length { out[o + k] = input[i + k] }
                } else {
                    complete = false
                    return 0
                }
                i += length; o += length
            }
            return o
        }
        if complete { return direct }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let lead = utf8[i]
            if lead < 0x80 {
                bytes.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(lead) ? lead + 0x20 : lead)
                i += 1
                continue
            }
            let (value, length) = scalar(utf8, at: i)
            bytes.append(contentsOf: Unicode.Scalar(value)!.properties.lowercaseMapping.utf8)
            i += length
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The scalar value and byte length of the multi-byte UTF-8 sequence at `i` (valid UTF-8).
    private static func scalar(_ utf8: Slice<UnsafeBufferPointer<UInt8>>, at i: Int) -> (UInt32, Int) {
        let lead = utf8[i]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> length)
        for k in 1..<length { value = value << 6 | UInt32(utf8[i + k] & 0x3F) }
        return (value, length)
    }

    /// The lowercase mapping of U+0080...U+00FF (accented Latin letters, the commonest
    /// non-ASCII in labels) without building a String per scalar; nil outside that range.
    /// Exact: a test compares every value with `properties.lowercaseMapping`.
    package static func lowercaseLatin1(_ value: UInt32) -> UInt32? {
        guard (0x80...0xFF).contains(value) else { return nil }
        // À...Þ fold to à...þ, except × (U+00D7); the rest of the block is its own lowercase.
        return (0xC0...0xDE).contains(value) && value != 0xD7 ? value + 0x20 : value
    }

    /// U+2000...U+206F (dashes, curly quotes, ellipsis, spaces) has no cased letters, so each
    /// scalar is its own lowercase; a test checks every value against the stdlib.
    static func isGeneralPunctuation(_ value: UInt32) -> Bool { (0x2000...0x206F).contains(value) }

    var isBlank: Bool {
        var text = self
        // Decided by bytes until the first non-ASCII one: an ASCII byte after ASCII text starts
        // its own Character, so a non-whitespace one settles it (nearly every label, at byte 0).
        let ascii = text.withUTF8 { utf8 -> Bool? in
            for byte in utf8 {
                guard byte < 0x80 else { return nil }
                if !Self.isASCIIWhitespace(byte) { return false }
            }
            return true
        }
        return ascii ?? allSatisfy(\.isWhitespace)
    }

    /// Unicode White_Space within ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// `normalizedForComparison` of all-ASCII text, byte by byte; nil for other text.
    private var asciiNormalizedForComparison: String? {
        var text = self
        return text.withUTF8 { utf8 -> String? in
            guard let kept = Self.asciiTrimmedRange(utf8) else { return nil }
            return String(unsafeUninitializedCapacity: kept.count) { out in
                for i in kept { out[i - kept.lowerBound] = Self.asciiLowercased(utf8[i]) }
                return kept.count
            }
        }
    }

    /// For all-ASCII text: the range left once ASCII whitespace is trimmed from both ends (what
    /// `normalizedForComparison` keeps); nil for other text.
    static func asciiTrimmedRange(_ utf8: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        for byte in utf8 where byte >= 0x80 { return nil }
        var start = 0, end = utf8.count
        while start < end, isASCIIWhitespace(utf8[start]) { start += 1 }
        while end > start, isASCIIWhitespace(utf8[end - 1]) { end -= 1 }
        return start..<end
    }

    /// Every scalar of the UTF-8 lies below U+0300 or is one of the `isSingleCharacterSign`s.
    /// Such text is in NFC (so canonically equivalent texts of this kind have equal bytes) and
    /// each scalar is a Character of its own, CR LF aside.
    package static func isPlainlyComposed(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < utf8.count {
            // U+0300 and above begin with 0xCC or more (continuation bytes are below 0xC0).
            if utf8[i] >= 0xCC {
                guard utf8[i] == 0xE2, isSingleCharacterSign(0x2000 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F))
                else { return false }
                i += 3
            } else {
                i += 1
            }
        }
        return true
    }

    /// Dashes, quotes, bullets, ellipsis, primes (U+2010...U+2027, U+2030...U+205E) and currency
    /// signs (U+20A0...U+20C0): NFC, uncased, not whitespace, each a Character of its own, and
    /// no two compose (a test checks them against the stdlib).
    static func isSingleCharacterSign(_ value: UInt32) -> Bool {
        (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value) || (0x20A0...0x20C0).contains(value)
    }

    /// A-Z as a-z, any other byte as it is.
    @inline(__always)
    package static func asciiLowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}

extension Optional where Wrapped == String {
    package var isBlankOrNil: Bool { self?.isBlank ?? true }
}
