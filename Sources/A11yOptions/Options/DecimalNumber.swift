/// The one reader of numbers typed by people: CLI flags (`--density`, `--jobs`, `--target-size`,
/// `--contrast-*`), query parameters (`?density=`) and `serve`'s flags and `A11Y_AUDIT_*`
/// variables. Only plain decimal text is a number: an optional `-`, digits, and optionally a
/// `.` followed by digits (`2.625`, `48`, `-1`). Everything Swift's `Double(_:)` or `Int(_:)`
/// would also take is refused: exponents (`4.9e-324`), hexadecimal (`0x10`), `inf`, `nan`, a
/// `+` sign, `.5`, `5.`, spaces and underscores. Each caller then checks its documented range,
/// so a value is finite and sane before anything uses it.
public enum DecimalNumber {
    /// Longest text read: more digits than any documented range needs (a byte count up to
    /// 2^40 has 13; a ratio or density needs a few decimals), so a run of zeros cannot sneak
    /// a value below a range's floor or make the conversion slow.
    public static let maxLength = 32

    /// `text` as a Double when it is plain decimal text (see the type) whose value is finite.
    public static func double(_ text: some StringProtocol) -> Double? {
        guard isDecimal(text, fraction: true), let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// `text` as a Double within `range`, or nil.
    public static func double(_ text: some StringProtocol, in range: ClosedRange<Double>) -> Double? {
        double(text).flatMap { range.contains($0) ? $0 : nil }
    }

    /// `text` as an Int when it is an optional `-` and digits that fit an Int.
    public static func integer(_ text: some StringProtocol) -> Int? {
        guard isDecimal(text, fraction: false) else { return nil }
        return Int(String(text))
    }

    /// `text` as an Int within `range`, or nil.
    public static func integer(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
        integer(text).flatMap { range.contains($0) ? $0 : nil }
    }

    /// Whether `text` is `-?[0-9]+` (then `(\.[0-9]+)?` when `fraction`), at most `maxLength` bytes.
    static func isDecimal(_ text: some StringProtocol, fraction: Bool) -> Bool {
        let bytes = text.utf8
        guard bytes.count <= maxLength else { return false }
        var rest = bytes[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let whole = rest.prefix { isDigit($0) }
        guard !whole.isEmpty else { return false }
        rest = rest.dropFirst(whole.count)
        if rest.isEmpty { return true }
        guard fraction, rest.first == UInt8(ascii: "."), rest.count > 1 else { return false }
        return rest.dropFirst().allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
