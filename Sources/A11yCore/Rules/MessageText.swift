/// A finding message built in one byte buffer. `String` interpolation appends every piece
/// through the general String path (some 400 instructions each), which cost more than the
/// checks behind a message; here a piece is a copy of its bytes.
struct MessageText: ExpressibleByStringInterpolation {
    let string: String

    init(stringLiteral value: String) { string = value }

    init(stringInterpolation: Pieces) { string = String(decoding: stringInterpolation.bytes, as: UTF8.self) }

    struct Pieces: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        // Appended as contiguous bytes: `append(contentsOf: text.utf8)` went through the
        // generic view, some 170 instructions a piece.
        mutating func appendLiteral(_ literal: String) { literal.withBorrowedUTF8 { bytes.append(contentsOf: $0) } }

        mutating func appendInterpolation(_ text: String) { text.withBorrowedUTF8 { bytes.append(contentsOf: $0) } }
    }
}

extension NumberText {
    /// A number in a finding message: rounded to `places` decimals, trailing zeros dropped
    /// ("4.5", "3", "4.48"). Decoded values are finite; a computed NaN or infinity reads as
    /// Swift prints it ("nan", "inf").
    static func format(_ value: Double, places: Int = 2) -> String {
        string(value, .rounded(places: places)) ?? String(value)
    }

    /// Exactly one decimal ("4.0", "4.5"), as `String(format: "%.1f")` would print.
    static func oneDecimal(_ value: Double) -> String {
        string(value, .oneDecimal) ?? String(value)
    }
}
