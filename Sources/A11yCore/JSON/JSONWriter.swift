/// Streaming JSON writer: values go straight into a byte array, with commas, colons and
/// (in pretty mode) 2-space indentation inserted automatically. It trusts the caller to
/// pair begin/end calls and to give every key a value.
public struct JSONWriter {
    /// The JSON written so far.
    public var bytes: [UInt8] { buffer.array }
    private var buffer: ByteBuffer
    let pretty: Bool
    var depth = 0
    /// A value was written at the current level, so the next one needs a ','.
    var needsComma = false
    /// A key was just written; its value follows on the same line.
    var afterKey = false

    public init(pretty: Bool = false, capacity: Int = 4096) {
        self.pretty = pretty
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The buffer, unshared before writing (a copied writer keeps its own bytes).
    private var out: ByteBuffer {
        mutating get {
            if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
            return buffer
        }
    }

    // MARK: Containers

    public mutating func beginObject() {
        beforeValue()
        out.append(Byte.openBrace)
        depth += 1
        needsComma = false
    }

    public mutating func endObject() { close(with: Byte.closeBrace) }

    public mutating func beginArray() {
        beforeValue()
        out.append(Byte.openBracket)
        depth += 1
        needsComma = false
    }

    public mutating func endArray() { close(with: Byte.closeBracket) }

    public mutating func key(_ k: String) {
        if pretty {
            if needsComma { out.append(Byte.comma) }
            newline()
        }
        let out = self.out
        if needsComma && !pretty { out.append(Byte.comma) }
        JSONWriter.writeQuoted(k, to: out)
        out.append(Byte.colon)
        if pretty { out.append(Byte.space) }
        needsComma = false
        afterKey = true
    }

    /// A key written in the source and free of characters JSON escapes (checked in debug
    /// builds): its bytes are copied without the escape scan that `key` does. Inlined so
    /// the literal's length and bytes are constants at each call site.
    @inline(__always)
    public mutating func staticKey(_ k: StaticString) {
        assert(k.withUTF8Buffer { JSONWriter.cleanPrefixLength($0) == $0.count }, "static key \(k) needs escaping")
        if pretty {
            if needsComma { out.append(Byte.comma) }
            newline()
        }
        let out = self.out
        let comma = needsComma && !pretty
        k.withUTF8Buffer { utf8 in
            out.reserve(utf8.count + 4)
            if comma { out.appendReserved(Byte.comma) }
            out.appendReserved(Byte.quote)
            out.appendReserved(utf8)
            out.appendReserved(Byte.quote)
            out.appendReserved(Byte.colon)
        }
        if pretty { out.append(Byte.space) }
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
            appendVerbatim(d.description)
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
        out.append(Byte.quote)
        body(&self)
        out.append(Byte.quote)
        needsComma = true
    }

    /// Appends the UTF-8 of `text` unescaped; only inside `verbatimString`.
    mutating func appendVerbatim(_ text: String) {
        var text = text
        text.withUTF8 { out.append($0) }
    }

    /// A pre-encoded JSON value, copied verbatim (not re-indented in pretty mode).
    public mutating func raw(_ json: [UInt8]) {
        beforeValue()
        json.withUnsafeBufferPointer { out.append($0) }
        needsComma = true
    }

    // MARK: Layout

    mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if needsComma { out.append(Byte.comma) }
        if pretty && depth > 0 { newline() }
    }

    mutating func close(with bracket: UInt8) {
        depth -= 1
        // An empty container stays on one line: "{}" / "[]".
        if pretty && needsComma { newline() }
        out.append(bracket)
        needsComma = true
        afterKey = false
    }

    mutating func newline() {
        out.append(Byte.newline)
        out.append(repeating: Byte.space, count: depth * 2)
    }

    // MARK: Scalars

    mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { out.append($0) }
    }

    mutating func appendInteger(_ value: Int) {
        if value < 0 { out.append(Byte.minus) }
        var magnitude = value.magnitude
        // 20 digits hold UInt64.max; written backwards into a stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = 20
            repeat {
                index -= 1
                digits[index] = Byte.zero + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            out.append(UnsafeBufferPointer(rebasing: digits[index...]))
        }
    }

    /// Minimal RFC 8259 escaping: '"', '\\' and control characters; everything else,
    /// non-ASCII included, is copied as UTF-8.
    mutating func appendQuoted(_ text: String) {
        JSONWriter.writeQuoted(text, to: out)
    }

    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        JSONWriter.writeQuoted(utf8, to: out)
    }

    // Static and given the buffer: callers hold it, and going through `out` again would see
    // it shared and copy it.
    static func writeQuoted(_ text: String, to out: ByteBuffer) {
        var text = text
        text.withUTF8 { writeQuoted($0, to: out) }
    }

    static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to out: ByteBuffer) {
        // Nearly all text needs no escape: find the first byte that does, eight at a time.
        let clean = cleanPrefixLength(utf8)
        out.reserve(clean + 2)
        out.appendReserved(Byte.quote)
        out.appendReserved(UnsafeBufferPointer(rebasing: utf8[..<clean]))
        if clean < utf8.count {
            var runStart = clean
            for index in clean..<utf8.count {
                let byte = utf8[index]
                guard byte < Byte.space || byte == Byte.quote || byte == Byte.backslash else { continue }
                out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte, to: out)
                runStart = index + 1
            }
            out.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        out.append(Byte.quote)
    }

    /// Length of the prefix without '"', '\\' or control bytes. Word-at-a-time tests
    /// (each exact about whether some byte of the word matches) skip clean 8-byte blocks.
    static func cleanPrefixLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= utf8.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let quote = w ^ (ones &* UInt64(Byte.quote)), slash = w ^ (ones &* UInt64(Byte.backslash))
            let hits = ((w &- ones &* 0x20) | (quote &- ones) | (slash &- ones)) & ~w & highs
            // `~w` drops bytes >= 0x80; for quote/slash the xor keeps the high bit of ASCII bytes clear.
            if hits != 0 { break }
            i += 8
        }
        while i < utf8.count {
            let byte = utf8[i]
            if byte < Byte.space || byte == Byte.quote || byte == Byte.backslash { break }
            i += 1
        }
        return i
    }

    static func appendEscape(for byte: UInt8, to out: ByteBuffer) {
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
        out.append(Byte.backslash)
        if let short {
            out.append(short)
            return
        }
        let hexDigits: StaticString = "0123456789abcdef"
        out.append(UInt8(ascii: "u"))
        out.append(Byte.zero)
        out.append(Byte.zero)
        hexDigits.withUTF8Buffer { hex in
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
    }
}
