/// The one place numbers become text, for every output: JSON (the service's answer, SARIF,
/// baselines), HTML, JUnit and text reports, finding messages, spoken positions, the access
/// log and HTTP headers.
///
/// Integers print as their decimal digits. Doubles print in one of a few `Style`s, each a
/// format some output has always used. No style converts a Double to an integer type unless
/// the value fits it (huge frames and ratings once trapped converting), and no style can
/// express NaN or an infinity: those are refused (`nil`, `false`, nothing written) and each
/// caller writes what its format always wrote instead (JSON `null`, HTML `0`).
public enum NumberText {
    public enum Style: Sendable {
        /// JSON numbers: whole values below 2^53 as integers ("44", "-0.0" as "0"), every other
        /// value as Swift prints the Double ("97.5", "9007199254740992.0", "1e+300").
        case json
        /// Exactly as Swift prints the Double (`description`): "2.0", "-0.0", "1e+300".
        case swift
        /// Rounded to `places` decimals (ties away from zero), trailing zeros dropped: "4.5",
        /// "3", "4.48" in finding messages. Where the scaled value passes 2^63, as Swift prints it.
        case rounded(places: Int)
        /// Exactly one decimal, ties to even, as C's "%.1f" prints ("4.0", "4.5"); from 2^63
        /// tenths on, as Swift prints it.
        case oneDecimal
        /// HTML attributes and SVG coordinates: rounded to two decimals, never exponent form;
        /// values beyond 1e15 points (far off any canvas) print as ±"1000000000000000.0".
        case markup
    }

    /// Room any number needs: "-1.7976931348623157e+308" is the longest text (24 bytes).
    public static let maxLength = 24

    // MARK: Integers

    /// The digits of `value` at `out` (room for 20 bytes); returns their end.
    @inlinable @inline(__always)
    package static func write(_ value: Int, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var out = out
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            out += 1
        }
        return write(UInt64(value.magnitude), at: out)
    }

    @inlinable @inline(__always)
    package static func write(_ value: UInt64, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if value < 10_000 { return writeBelow10k(Int(truncatingIfNeeded: value), at: out) }
        let count = digitCount(value)
        writeDigits(value, count: count, at: out)
        return out + count
    }

    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        appendWritten(to: &bytes) { write(value, at: $0) }
    }

    // MARK: Doubles

    /// `value` in `style` at `out` (room for `maxLength` bytes); returns the text's end, or
    /// nil, writing nothing, when `value` is NaN or infinite.
    @inlinable @inline(__always)
    package static func write(_ value: Double, _ style: Style, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        switch style {
        case .json:
            // Frames, points and font sizes are mostly small whole numbers: inline, sized by comparisons.
            if value >= 0 && value < 10_000, case let small = Int(value), Double(small) == value {
                return writeBelow10k(small, at: out)
            }
            return writeShortest(value, wholeSuffix: false, at: out)
        case .swift: return writeShortest(value, wholeSuffix: true, at: out)
        case .rounded(let places): return writeRounded(value, places: places, at: out)
        case .oneDecimal: return writeOneDecimal(value, at: out)
        case .markup: return writeMarkup(value, at: out)
        }
    }

    /// `value` in `style`, or nil when it is NaN or infinite.
    public static func string(_ value: Double, _ style: Style) -> String? {
        guard value.isFinite else { return nil }
        return String(unsafeUninitializedCapacity: maxLength) { room in
            write(value, style, at: room.baseAddress!)! - room.baseAddress!
        }
    }

    /// Appends `value` in `style`; false, appending nothing, when it is NaN or infinite.
    @discardableResult
    public static func append(_ value: Double, _ style: Style, to bytes: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        appendWritten(to: &bytes) { write(value, style, at: $0)! }
        return true
    }

    /// Swift's shortest round-trip text, with whole numbers below 2^53 written as integers
    /// (then with ".0" after them when `wholeSuffix`, as Swift writes them).
    @usableFromInline @inline(never)
    static func writeShortest(_ value: Double, wholeSuffix: Bool, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        guard value.isFinite else { return nil }
        if value.rounded(.towardZero) == value && value.magnitude < 9_007_199_254_740_992 {
            var end = out
            if value.sign == .minus && (wholeSuffix || value != 0) {
                end[0] = UInt8(ascii: "-")
                end += 1
            }
            end = write(UInt64(value.magnitude), at: end)
            guard wholeSuffix else { return end }
            end[0] = UInt8(ascii: ".")
            end[1] = UInt8(ascii: "0")
            return end + 2
        }
        if let end = writeShortDecimal(value, at: out) { return end }
        var text = value.description
        return text.withUTF8 { utf8 in
            out.update(from: utf8.baseAddress!, count: utf8.count)
            return out + utf8.count
        }
    }

    /// Values with at most four decimals (frames like 97.5, ratios like 3.55) without Swift's
    /// general algorithm: for the least `m` for which `k = round(|d| * 10^m)` gives `d` back
    /// under the correctly rounded `k / 10^m`, "k with m decimals" is the shortest round-trip
    /// form, and the closest one, which is what `description` prints (plainly, not in
    /// exponent form, for 0.0001 <= |d| < 1e11). Returns nil, writing nothing, otherwise.
    private static func writeShortDecimal(_ d: Double, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        let magnitude = d.magnitude
        guard magnitude >= 0.0001 && magnitude < 1e11 else { return nil }
        var scale = 10.0
        var divisor: UInt64 = 10
        for places in 1...4 {
            let scaled = (magnitude * scale).rounded()
            if scaled / scale == magnitude {
                let k = UInt64(scaled)
                // A trailing zero means rounding misled the previous step; leave it to `description`.
                guard k % 10 != 0 else { return nil }
                var end = out
                if d < 0 {
                    end[0] = UInt8(ascii: "-")
                    end += 1
                }
                end = write(k / divisor, at: end)
                end[0] = UInt8(ascii: ".")
                writeDigits(k % divisor, count: places, at: end + 1)
                return end + 1 + places
            }
            scale *= 10
            divisor *= 10
        }
        return nil
    }

    /// 2^63: the first Double that no longer converts to Int64 (the conversion traps there).
    private static let int64Limit = 9_223_372_036_854_775_808.0

    @usableFromInline
    static func writeRounded(_ value: Double, places: Int, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        // A frame can be 1e300 wide: where the scaled value no longer fits Int64, Swift's
        // shortest text says it exactly.
        guard value.magnitude * scale < int64Limit else { return writeShortest(value, wholeSuffix: true, at: out) }
        let scaled = UInt64((value.magnitude * scale).rounded())
        let unit = UInt64(scale)
        var fraction = scaled % unit, kept = places
        while kept > 0 && fraction % 10 == 0 { fraction /= 10; kept -= 1 }
        var end = out
        if value < 0 && scaled != 0 {
            end[0] = UInt8(ascii: "-")
            end += 1
        }
        end = write(scaled / unit, at: end)
        guard kept > 0 else { return end }
        end[0] = UInt8(ascii: ".")
        writeDigits(fraction, count: kept, at: end + 1)
        return end + 1 + kept
    }

    @usableFromInline
    static func writeOneDecimal(_ value: Double, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        guard value.magnitude * 10 < int64Limit else { return writeShortest(value, wholeSuffix: true, at: out) }
        let tenths = UInt64((value.magnitude * 10).rounded(.toNearestOrEven))
        var end = out
        if value < 0 && tenths != 0 {
            end[0] = UInt8(ascii: "-")
            end += 1
        }
        end = write(tenths / 10, at: end)
        end[0] = UInt8(ascii: ".")
        end[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tenths % 10)
        return end + 2
    }

    @usableFromInline
    static func writeMarkup(_ value: Double, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        guard value.isFinite else { return nil }
        let value = min(max(value, -1e15), 1e15)
        let hundredths = (value * 100).rounded()
        if hundredths == (hundredths / 100).rounded() * 100, value.magnitude < 1e15 {
            return write(Int(hundredths / 100), at: out)
        }
        let whole = (hundredths.magnitude / 100).rounded(.down)
        let fraction = UInt64(hundredths.magnitude) &- UInt64(whole) &* 100
        var end = out
        if hundredths < 0 {
            end[0] = UInt8(ascii: "-")
            end += 1
        }
        end = write(UInt64(whole), at: end)
        end[0] = UInt8(ascii: ".")
        if fraction % 10 == 0 {
            end[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10)
            return end + 2
        }
        writeDigits(fraction, count: 2, at: end + 1)
        return end + 3
    }

    // MARK: Digits

    /// The digits of `value` (0 ..< 10_000) at `out`, without a loop; returns their end.
    @inlinable @inline(__always)
    package static func writeBelow10k(_ value: Int, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if value < 10 {
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            return out + 1
        }
        if value < 100 {
            writePair(value, at: out)
            return out + 2
        }
        if value < 1000 {
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 100)
            writePair(value % 100, at: out + 1)
            return out + 3
        }
        writePair(value / 100, at: out)
        writePair(value % 100, at: out + 2)
        return out + 4
    }

    /// The two digits of `value` (0 ..< 100) at `out`, as one 16-bit move from `digitPairs`.
    @inlinable @inline(__always)
    static func writePair(_ value: Int, at out: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: 2 &* value, as: UInt16.self)
        UnsafeMutableRawPointer(out).storeBytes(of: pair, as: UInt16.self)
    }

    /// Decimal digits of `value`.
    @inlinable @inline(__always)
    package static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var power: UInt64 = 10
        while count < 20 && value >= power {
            count += 1
            power &*= 10
        }
        return count
    }

    /// Writes the digits of `value` at `target` (`count` bytes, back to front, zero-padded),
    /// two at a time from `digitPairs`: one division per pair instead of per digit.
    @inlinable @inline(__always)
    package static func writeDigits(_ value: UInt64, count: Int, at target: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var rest = value
        var index = count
        while index >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index -= 2
            target[index] = pairs[pair]
            target[index + 1] = pairs[pair + 1]
        }
        if index == 1 { target[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
    }

    /// "00" through "99", for writing two digits per lookup.
    @usableFromInline static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends what `write` writes (at most `maxLength` bytes), written on the stack first.
    @inline(__always)
    private static func appendWritten(to bytes: inout [UInt8], _ write: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>) {
        var room: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &room) { raw in
            let start = raw.bindMemory(to: UInt8.self).baseAddress!
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: write(start) - start))
        }
    }
}
