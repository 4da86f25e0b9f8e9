/// Numbers for messages without Foundation: "4.5", "3", "4.48".
enum NumberText {
    /// Rounded to `places` decimals, trailing zeros dropped.
    static func format(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let unit = Int64(scale)
        var text = String(scaled / unit)
        var fraction = String(scaled % unit)
        while fraction.count < places { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return (value < 0 && scaled != 0 ? "-" : "") + text
    }

    /// Exactly one decimal ("4.0", "4.5"), as `String(format: "%.1f")` would print.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int64((abs(value) * 10).rounded(.toNearestOrEven))
        return (value < 0 && tenths != 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }
}
