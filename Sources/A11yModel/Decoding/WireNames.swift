/// Colours as the decoder reads them, from the request's bytes.
enum WireNames {
    /// `Color(hex:)` on the string's bytes: `#RRGGBB` or `#RRGGBBAA`, channels n / 255.
    /// Channel by channel with no loop or switch over the channel index (a third of all nodes
    /// carry two colours).
    static func color(_ text: JSONKey) -> Color? {
        let bytes = text.bytes
        guard bytes.count == 7 || bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return nil }
        @inline(__always) func channel(_ i: Int) -> Double? {
            guard let hi = Color.nibble(bytes[i]), let lo = Color.nibble(bytes[i + 1]) else { return nil }
            return Double(hi << 4 | lo) / 255
        }
        guard let red = channel(1), let green = channel(3), let blue = channel(5) else { return nil }
        if bytes.count == 7 { return Color(red: red, green: green, blue: blue, alpha: 1) }
        guard let alpha = channel(7) else { return nil }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

}
