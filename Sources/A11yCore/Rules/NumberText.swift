/// Numbers for messages without Foundation: "4.5", "3", "4.48".
enum NumberText {
    /// Rounded to `places` decimals, trailing zeros dropped.
    static func format(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let unit = Int64(scale)
        // Digits are written into one buffer: messages format several numbers each.
        var bytes: [UInt8] = []
        if value < 0 && scaled != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: scaled / unit, to: &bytes)
        var fraction = scaled % unit, kept = places
        while kept > 0 && fraction % 10 == 0 { fraction /= 10; kept -= 1 }
        if kept > 0 {
            bytes.append(UInt8(ascii: "."))
            let start = bytes.count
            for _ in 0..<kept { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)); fraction /= 10 }
            bytes[start...].reverse()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decimal digits of a non-negative number.
    private static func appendDigits(of number: Int64, to bytes: inout [UInt8]) {
        let start = bytes.count
        var rest = number
        repeat { bytes.append(UInt8(ascii: "0") + UInt8(rest % 10)); rest /= 10 } while rest > 0
        bytes[start...].reverse()
    }

    /// Exactly one decimal ("4.0", "4.5"), as `String(format: "%.1f")` would print.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int64((abs(value) * 10).rounded(.toNearestOrEven))
        return (value < 0 && tenths != 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }
}
