/// Streaming JSON writer: values go straight into a byte array, with commas, colons and
/// (in pretty mode) 2-space indentation inserted automatically. It trusts the caller to
/// pair begin/end calls and to give every key a value.
public struct JSONWriter {
    public private(set) var bytes: [UInt8]
    let pretty: Bool
    var depth = 0
    /// A value was written at the current level, so the next one needs a ','.
    var needsComma = false
    /// A key was just written; its value follows on the same line.
    var afterKey = false

    public init(pretty: Bool = false, capacity: Int = 4096) {
        self.pretty = pretty
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    public mutating func beginObject() {
        beforeValue()
        bytes.append(Byte.openBrace)
        depth += 1
        needsComma = false
    }

    public mutating func endObject() { close(with: Byte.closeBrace) }

    public mutating func beginArray() {
        beforeValue()
        bytes.append(Byte.openBracket)
        depth += 1
        needsComma = false
    }

    public mutating func endArray() { close(with: Byte.closeBracket) }

    public mutating func key(_ k: String) {
        if needsComma { bytes.append(Byte.comma) }
        if pretty { newline() }
        appendQuoted(k)
        bytes.append(Byte.colon)
        if pretty { bytes.append(Byte.space) }
        needsComma = false
        afterKey = true
    }

    // MARK: Values

    public mutating func string(_ s: String) {
        beforeValue()
        appendQuoted(s)
        needsComma = true
    }

    /// null when nil.
    public mutating func string(_ s: String?) {
        if let s { string(s) } else { null() }
    }

    /// Integral values below 2^53 print as integers ("44", not "44.0"); others use Swift's
    /// shortest round-trip form; NaN and infinities, which JSON cannot express, become null.
    public mutating func number(_ d: Double) {
        guard d.isFinite else { return null() }
        beforeValue()
        if d.rounded(.towardZero) == d && d.magnitude < 9_007_199_254_740_992 {
            appendInteger(Int(d))
        } else {
            bytes.append(contentsOf: d.description.utf8)
        }
        needsComma = true
    }

    public mutating func int(_ i: Int) {
        beforeValue()
        appendInteger(i)
        needsComma = true
    }

    public mutating func bool(_ b: Bool) {
        beforeValue()
        appendLiteral(b ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        beforeValue()
        appendLiteral("null")
        needsComma = true
    }

    /// A string value assembled in place by `body` with the `append*` helpers, for text
    /// known to need no escaping (e.g. JSON Pointers built from indices); saves building a String.
    mutating func verbatimString(_ body: (inout JSONWriter) -> Void) {
        beforeValue()
        bytes.append(Byte.quote)
        body(&self)
        bytes.append(Byte.quote)
        needsComma = true
    }

    /// Appends the UTF-8 of `text` unescaped; only inside `verbatimString`.
    mutating func appendVerbatim(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A pre-encoded JSON value, copied verbatim (not re-indented in pretty mode).
    public mutating func raw(_ json: [UInt8]) {
        beforeValue()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: Layout

    mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if needsComma { bytes.append(Byte.comma) }
        if pretty && depth > 0 { newline() }
    }

    mutating func close(with bracket: UInt8) {
        depth -= 1
        // An empty container stays on one line: "{}" / "[]".
        if pretty && needsComma { newline() }
        bytes.append(bracket)
        needsComma = true
        afterKey = false
    }

    mutating func newline() {
        bytes.append(Byte.newline)
        bytes.append(contentsOf: repeatElement(Byte.space, count: depth * 2))
    }

    // MARK: Scalars

    mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(Byte.minus) }
        var magnitude = value.magnitude
        // 20 digits hold UInt64.max; written backwards into a stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = 20
            repeat {
                index -= 1
                digits[index] = Byte.zero + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
        }
    }

    /// Minimal RFC 8259 escaping: '"', '\\' and control characters; everything else,
    /// non-ASCII included, is copied as UTF-8.
    mutating func appendQuoted(_ text: String) {
        bytes.append(Byte.quote)
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < Byte.space || byte == Byte.quote || byte == Byte.backslash else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(Byte.quote)
    }

    mutating func appendEscape(for byte: UInt8) {
        let short: UInt8? = switch byte {
        case Byte.quote: Byte.quote
        case Byte.backslash: Byte.backslash
        case 0x08: Byte.b
        case 0x0C: Byte.f
        case Byte.newline: Byte.n
        case Byte.carriageReturn: Byte.r
        case Byte.tab: Byte.t
        default: nil
        }
        bytes.append(Byte.backslash)
        if let short {
            bytes.append(short)
            return
        }
        let hexDigits: StaticString = "0123456789abcdef"
        appendLiteral("u00")
        hexDigits.withUTF8Buffer { hex in
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }
}
