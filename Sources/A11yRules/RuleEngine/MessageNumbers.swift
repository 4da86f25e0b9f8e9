import A11yText
/// Numbers in finding messages ("Target is 24x24", "contrast 4.48:1").
extension NumberText {
    /// A number in a finding message: rounded to `places` decimals, trailing zeros dropped
    /// ("4.5", "3", "4.48"). Decoded values are finite; a computed NaN or infinity reads as
    /// Swift prints it ("nan", "inf").
    package static func format(_ value: Double, places: Int = 2) -> String {
        string(value, .rounded(places: places)) ?? String(value)
    }

    /// Exactly one decimal ("4.0", "4.5"), as `String(format: "%.1f")` would print.
    static func oneDecimal(_ value: Double) -> String {
        string(value, .oneDecimal) ?? String(value)
    }
}
