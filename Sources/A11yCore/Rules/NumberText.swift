/// Numbers for messages without Foundation: "4.5", "3", "4.48".
enum NumberText {
    /// 2^63: the first Double that no longer converts to Int64 (the conversion traps there).
    private static let int64Limit = 9_223_372_036_854_775_808.0

    /// Rounded to `places` decimals, trailing zeros dropped.
    static func format(_ value: Double, places: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        // A frame can be 1e300 wide: where the scaled value no longer fits Int64, Swift's
        // shortest text says it exactly (below, the digits are as they always were).
        guard abs(value) * scale < int64Limit else { return String(value) }
        let scaled = Int64((abs(value) * scale).rounded())
        let unit = Int64(scale), whole = scaled / unit
        var fraction = scaled % unit, kept = places
        while kept > 0 && fraction % 10 == 0 { fraction /= 10; kept -= 1 }
        let negative = value < 0 && scaled != 0
        var wholeDigits = 1, rest = whole
        while rest >= 10 { rest /= 10; wholeDigits += 1 }
        let count = (negative ? 1 : 0) + wholeDigits + (kept > 0 ? kept + 1 : 0)
        // Digits go back to front straight into the string's storage: messages format
        // several numbers each, and a byte array plus a decoded copy cost more than the maths.
        return String(unsafeUninitializedCapacity: count) { out in
            func digit(_ n: Int64) -> UInt8 { UInt8(ascii: "0") + UInt8(n % 10) }
            var i = count
            for _ in 0..<kept { i -= 1; out[i] = digit(fraction); fraction /= 10 }
            if kept > 0 { i -= 1; out[i] = UInt8(ascii: ".") }
            rest = whole
            repeat { i -= 1; out[i] = digit(rest); rest /= 10 } while rest > 0
            if negative { out[0] = UInt8(ascii: "-") }
            return count
        }
    }

    /// Exactly one decimal ("4.0", "4.5"), as `String(format: "%.1f")` would print.
    static func oneDecimal(_ value: Double) -> String {
        guard abs(value) * 10 < int64Limit else { return String(value) }
        let tenths = Int64((abs(value) * 10).rounded(.toNearestOrEven))
        return (value < 0 && tenths != 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }
}
