/// Character classes and checks of XML 1.0 (Fifth Edition) the reader needs.
package enum XMLCharacters {
    /// S (§2.3): space, tab, LF, CR.
    @inline(__always)
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// NameStartChar (§2.3) for ASCII: letters, `_`, `:`. Bytes of non-ASCII characters are
    /// accepted in names without checking the characters' ranges (UTF-8 is validated first).
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool { inBitmap(byte, low: 1 << 0x3A, high: nameStartHigh) }

    /// NameChar (§2.3) for ASCII: name-start characters, digits, `-`, `.`.
    @inline(__always)
    package static func isNameByte(_ byte: UInt8) -> Bool { inBitmap(byte, low: nameLow, high: nameStartHigh) }

    /// Bits of the ASCII bytes 0x00-0x3F that are name characters: `-` `.` `0`-`9` `:`.
    private static let nameLow: UInt64 = 1 << 0x2D | 1 << 0x2E | (0x3FF << 0x30) | 1 << 0x3A
    /// Bits of 0x40-0x7F (bit n is byte 0x40 + n) that start names: `A`-`Z`, `_`, `a`-`z`.
    private static let nameStartHigh: UInt64 = (0x3FF_FFFF << 1) | 1 << 0x1F | (0x3FF_FFFF << 0x21)

    @inline(__always)
    private static func inBitmap(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        if byte >= 0x80 { return true }
        let word = byte < 0x40 ? low : high
        return (word >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// How many of the eight bytes of `word` (first byte lowest) are, from the first on, ASCII
    /// letters or `-`: 8 when all are. Each byte is tested without carries into the next:
    /// high bits cleared and 0x20 set (so letters are lower case), two additions put
    /// "at least `a`" and "beyond `z`" into each byte's high bit; `-` is an exact zero-byte test.
    @inline(__always)
    static func letterRun(_ word: UInt64) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let lowered = (word & low) | 0x2020_2020_2020_2020
        let letter = (lowered &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(lowered &+ 0x0505_0505_0505_0505) & ~word & high
        let dash = word ^ 0x2D2D_2D2D_2D2D_2D2D
        let isDash = ~(((dash & low) &+ low) | dash) & high
        return (~(letter | isDash) & high).trailingZeroBitCount >> 3
    }

    /// A byte of an attribute value that needs no look: not a quote, `<`, `&`, tab, LF or CR
    /// (other controls were refused by `validate`).
    @inline(__always)
    static func isPlainValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x28 ? byte != 0x3C : (byte >= 0x20 && byte != 0x22 && byte != 0x26 && byte != 0x27)
    }

    /// Char (§2.2): tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD, U+10000-U+10FFFF. So no NUL,
    /// no other C0 control, no surrogate, not U+FFFE / U+FFFF.
    @inline(__always)
    static func isChar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }

    /// Checks that the whole document is UTF-8 (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF) of characters XML allows; calls `fail` with the offset of the
    /// first bad byte. Eight ASCII bytes at a time where it can. Returns the offset of the
    /// first byte that is not ASCII (the size when there is none).
    @discardableResult
    static func validate(_ bytes: UnsafeRawBufferPointer,
                         _ fail: (Int, String) throws(XMLError) -> Never) throws(XMLError) -> Int {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return count }
        var firstNonASCII = count
        var i = 0
        let high: UInt64 = 0x8080_8080_8080_8080
        while i < count {
            // Sixteen, then eight, bytes with no high bit and none below 0x20: nothing to look at.
            if i + 16 <= count {
                let a = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let b = base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                let belowSpace = ((a &- 0x2020_2020_2020_2020) & ~a) | ((b &- 0x2020_2020_2020_2020) & ~b)
                if (a | b | belowSpace) & high == 0 { i += 16; continue }
            }
            if i + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & high
                if (word | belowSpace) & high == 0 { i += 8; continue }
            }
            let byte = bytes[i]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    try fail(i, byte == 0 ? "NUL byte (not allowed in XML)" : "control character U+00\(hex(byte)) (not allowed in XML)")
                }
                i += 1
                continue
            }
            firstNonASCII = min(firstNonASCII, i)
            let length: Int, minimum: UInt32
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x1_0000; scalar = UInt32(byte & 0x07)
            default: try fail(i, "invalid UTF-8 byte 0x\(hex(byte))")
            }
            guard i + length <= count else { try fail(i, "truncated UTF-8 sequence") }
            for k in 1..<length {
                let next = bytes[i + k]
                guard next & 0xC0 == 0x80 else { try fail(i, "invalid UTF-8 sequence") }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10_FFFF else { try fail(i, "invalid UTF-8 sequence (overlong or out of range)") }
            guard isChar(scalar) else { try fail(i, "character U+\(String(scalar, radix: 16, uppercase: true)) is not allowed in XML") }
            i += length
        }
        return firstNonASCII
    }

    /// The reference starting at `&` at `offset`: `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`,
    /// `&#DDD;` or `&#xHHH;` naming a character XML allows (§4.1, §4.6). The scalar and the
    /// reference's length; nil for anything else.
    static func reference(in bytes: UnsafeRawBufferPointer, at offset: Int) -> (scalar: UInt32, length: Int)? {
        let count = bytes.count
        func at(_ k: Int) -> UInt8 { offset + k < count ? bytes[offset + k] : 0 }
        if at(1) == 0x23 {
            var k = 2
            var value: UInt32 = 0
            let isHex = at(2) == 0x78
            if isHex { k = 3 }
            let digitsStart = k
            while true {
                let c = at(k)
                let digit: UInt32
                switch c {
                case 0x30...0x39: digit = UInt32(c - 0x30)
                case 0x61...0x66 where isHex: digit = UInt32(c - 0x61 + 10)
                case 0x41...0x46 where isHex: digit = UInt32(c - 0x41 + 10)
                default: digit = 99
                }
                if digit == 99 { break }
                value = value * (isHex ? 16 : 10) + digit
                // Past U+10FFFF it can only be wrong; stop before the arithmetic overflows.
                if value > 0x10_FFFF { return nil }
                k += 1
            }
            guard k > digitsStart, at(k) == 0x3B, isChar(value) else { return nil }
            return (value, k + 1)
        }
        switch (at(1), at(2), at(3), at(4), at(5)) {
        case (0x6C, 0x74, 0x3B, _, _): return (0x3C, 4)            // &lt;
        case (0x67, 0x74, 0x3B, _, _): return (0x3E, 4)            // &gt;
        case (0x61, 0x6D, 0x70, 0x3B, _): return (0x26, 5)         // &amp;
        case (0x71, 0x75, 0x6F, 0x74, 0x3B): return (0x22, 6)      // &quot;
        case (0x61, 0x70, 0x6F, 0x73, 0x3B): return (0x27, 6)      // &apos;
        default: return nil
        }
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80: out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x1_0000:
            out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18)); out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
