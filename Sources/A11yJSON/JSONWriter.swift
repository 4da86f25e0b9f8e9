import A11yText

/// Streaming JSON writer: values go straight into a byte buffer, with commas, colons and
/// (in pretty mode) 2-space indentation inserted automatically. It trusts the caller to
/// pair begin/end calls and to give every key a value.
///
/// Each value reserves its room once (separator included) and then stores bytes unchecked;
/// compact output, the service's answer, never leaves that path. The per-value writers are
/// `@inlinable` (what they touch `@usableFromInline`) so the core's report encoders inline them.
public struct JSONWriter {
    /// The JSON written so far.
    public var bytes: [UInt8] { buffer.array }
    /// Bytes written so far, without copying them out as `bytes` does.
    @usableFromInline package var count: Int { buffer.count }
    @usableFromInline var buffer: ByteBuffer
    @usableFromInline package let pretty: Bool
    @usableFromInline package var depth = 0
    /// A value was written at the current level, so the next one needs a ','.
    @usableFromInline package var needsComma = false
    /// A key was just written; its value follows on the same line.
    @usableFromInline package var afterKey = false

    public init(pretty: Bool = false, capacity: Int = 4096) {
        self.pretty = pretty
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The bytes `body` writes, written straight into the returned array's storage when they
    /// fit in `capacity`: a response then needs no final copy (one memcpy per response byte).
    /// Output that outgrows it is copied once, as `bytes` would. `body` must not copy the writer.
    @usableFromInline package static func array(capacity: Int, pretty: Bool, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var outgrown: [UInt8]?
        let array = [UInt8](unsafeUninitializedCapacity: max(capacity, 64)) { room, initialized in
            var w = JSONWriter(pretty: pretty, buffer: ByteBuffer(lending: room))
            w.withExclusiveStorage(body)
            if w.buffer.isInLentRoom { initialized = w.buffer.count } else { outgrown = w.bytes }
        }
        return outgrown ?? array
    }

    /// A writer that continues a document written elsewhere, inside a container `depth` deep
    /// whose last value was `needsComma` a value: one screen of a batch written on its own,
    /// its bytes then placed after what came before.
    @usableFromInline package init(pretty: Bool, depth: Int, needsComma: Bool, capacity: Int = 4096) {
        self.init(pretty: pretty, capacity: capacity)
        self.depth = depth
        self.needsComma = needsComma
    }

    /// Bytes another writer in this writer's place wrote (values of the current container,
    /// written with `needsComma` false), placed as they are: `,` first when a value precedes them.
    @usableFromInline package mutating func continuation(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if needsComma { buffer.append(Byte.comma) }
        bytes.withUnsafeBufferPointer { buffer.append($0) }
        needsComma = true
    }

    @usableFromInline init(pretty: Bool, buffer: ByteBuffer) {
        self.pretty = pretty
        self.buffer = buffer
    }

    /// Ends the output with a newline, as text files do (pretty documents written to a terminal or file).
    @usableFromInline package mutating func finalNewline() { buffer.append(Byte.newline) }

    /// Runs `body` with the buffer's storage made our own once, so values skip the ownership
    /// check on every reservation. `body` must not copy the writer (a copy would share storage).
    @usableFromInline package mutating func withExclusiveStorage<R>(_ body: (inout JSONWriter) -> R) -> R {
        buffer.setExclusive(true)
        defer { buffer.setExclusive(false) }
        return body(&self)
    }

    // MARK: Containers

    @inlinable public mutating func beginObject() { open(Byte.openBrace) }

    @inlinable public mutating func endObject() { close(with: Byte.closeBrace) }

    @inlinable public mutating func beginArray() { open(Byte.openBracket) }

    @inlinable public mutating func endArray() { close(with: Byte.closeBracket) }

    @inlinable @inline(__always)
    mutating func open(_ bracket: UInt8) {
        if pretty {
            prettyBeforeValue(reserving: 1)
            buffer.appendReserved(bracket)
        } else {
            let out = compactValueStart(reserving: 1)
            out[0] = bracket
            buffer.advance(to: out + 1)
        }
        depth += 1
        needsComma = false
    }

    public mutating func key(_ k: String) {
        k.withBorrowedUTF8 { utf8 in
            guard !pretty else {
                prettyBeforeKey(reserving: utf8.count + 2)
                appendQuotedReserved(utf8)
                buffer.append(Byte.colon)
                buffer.append(Byte.space)
                afterKey = true
                return
            }
            compactQuoted(utf8, colon: true)
            needsComma = false
        }
    }

    /// A key written in the source and free of characters JSON escapes (checked in debug
    /// builds): its bytes are copied without the escape scan that `key` does. Inlined so
    /// the literal's length and bytes are constants at each call site.
    @inline(always)
    package mutating func staticKey(_ k: StaticString) {
        assert(k.withUTF8Buffer { !$0.contains(where: JSONWriter.needsEscape) }, "static key \(k) needs escaping")
        k.withUTF8Buffer { utf8 in
            guard !pretty else {
                prettyBeforeKey(reserving: utf8.count + 4)
                buffer.appendReserved(Byte.quote)
                buffer.appendReserved(utf8)
                buffer.appendReserved(Byte.quote)
                buffer.appendReserved(Byte.colon)
                buffer.appendReserved(Byte.space)
                afterKey = true
                return
            }
            let out = compactValueStart(reserving: utf8.count + 3)
            buffer.advance(to: JSONWriter.writeStaticKey(utf8, at: out))
            needsComma = false
        }
    }

    /// `"key":[]`, one reservation in compact mode: elements mostly have empty lists.
    @inline(always)
    package mutating func emptyArray(_ k: StaticString) {
        guard !pretty else {
            staticKey(k); beginArray(); return endArray()
        }
        k.withUTF8Buffer { utf8 in
            let end = JSONWriter.writeStaticKey(utf8, at: compactValueStart(reserving: utf8.count + 5))
            end[0] = Byte.openBracket
            end[1] = Byte.closeBracket
            buffer.advance(to: end + 2)
        }
        needsComma = true
    }

    /// `"key":` of a literal key at `out`, room reserved, compact; returns its end.
    @inlinable @inline(__always)
    static func writeStaticKey(_ utf8: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out[0] = Byte.quote
        ByteBuffer.copy(utf8, to: out + 1)
        out[utf8.count + 1] = Byte.quote
        out[utf8.count + 2] = Byte.colon
        return out + utf8.count + 3
    }

    // MARK: Values

    public mutating func string(_ s: String) {
        s.withBorrowedUTF8 { utf8 in
            guard !pretty else {
                prettyBeforeValue(reserving: utf8.count + 2)
                return appendQuotedReserved(utf8)
            }
            compactQuoted(utf8, colon: false)
        }
        needsComma = true
    }

    /// Compact output of a string value, or with `colon` of a key: scanned for characters to
    /// escape while copied (one reservation and one pass when there are none).
    @inlinable @inline(__always)
    mutating func compactQuoted(_ utf8: UnsafeBufferPointer<UInt8>, colon: Bool) {
        let closing = colon ? 2 : 1
        let out = compactValueStart(reserving: utf8.count + 1 + closing)
        out[0] = Byte.quote
        let clean = JSONWriter.copyClean(utf8, to: out + 1)
        if clean == utf8.count {
            out[clean + 1] = Byte.quote
            if colon { out[clean + 2] = Byte.colon }
            buffer.advance(to: out + clean + 1 + closing)
        } else {
            buffer.advance(to: out + clean + 1)
            appendEscaping(UnsafeBufferPointer(rebasing: utf8[clean...]))
            buffer.appendReserved(Byte.quote)
            if colon { buffer.append(Byte.colon) }
        }
    }

    /// A string from the source that needs no escaping (checked in debug builds), copied
    /// without the scan `string` does: enum names of findings.
    @inline(always)
    package mutating func staticString(_ s: StaticString) {
        assert(s.withUTF8Buffer { !$0.contains(where: JSONWriter.needsEscape) }, "static string \(s) needs escaping")
        s.withUTF8Buffer { utf8 in
            let out = valueStart(reserving: utf8.count + 2)
            out[0] = Byte.quote
            ByteBuffer.copy(utf8, to: out + 1)
            out[utf8.count + 1] = Byte.quote
            buffer.advance(to: out + utf8.count + 2)
        }
        needsComma = true
    }

    /// An array of strings with one ownership check for all of them (rule lists, actions).
    public mutating func strings(_ list: [String]) {
        guard !pretty, !list.isEmpty else {
            beginArray()
            for s in list { string(s) }
            return endArray()
        }
        beforeValue(reserving: 1)
        buffer.appendReserved(Byte.openBracket)
        for i in list.indices {
            list[i].withBorrowedUTF8 { utf8 in
                buffer.reserveMore(utf8.count + 3)
                if i > 0 { buffer.appendReserved(Byte.comma) }
                appendQuotedReserved(utf8)
            }
        }
        buffer.reserveMore(1)
        buffer.appendReserved(Byte.closeBracket)
        needsComma = true
    }

    /// null when nil.
    @inlinable public mutating func string(_ s: String?) {
        if let s { string(s) } else { null() }
    }

    /// A number as `NumberText.Style.json` writes it ("44", "97.5", "1e+300"); NaN and
    /// infinities, which JSON cannot express, become null.
    @inlinable public mutating func number(_ d: Double) {
        beforeValue(reserving: NumberText.maxLength)
        appendNumberReserved(d)
        needsComma = true
    }

    /// Inlined so the number writer's shortcut for small whole numbers is too.
    @inline(always)
    package mutating func appendNumberReserved(_ d: Double) {
        if let end = NumberText.write(d, .json, at: buffer.tail) {
            buffer.advance(to: end)
        } else {
            ("null" as StaticString).withUTF8Buffer { buffer.appendReserved($0) }
        }
    }

    /// `{"x":…,"y":…}` for an activation point, as one value with one reservation. Inlined,
    /// as both of these are, so the keys are constants: their copies are then a move or two.
    @inline(always)
    package mutating func numberObject(_ k0: StaticString, _ v0: Double, _ k1: StaticString, _ v1: Double) {
        guard !pretty else {
            beginObject(); staticKey(k0); number(v0); staticKey(k1); number(v1); return endObject()
        }
        var out = compactValueStart(reserving: 2 + k0.utf8CodeUnitCount + k1.utf8CodeUnitCount + 2 * (4 + NumberText.maxLength))
        out[0] = Byte.openBrace
        out = writeMember(k0, v0, first: true, at: out + 1)
        out = writeMember(k1, v1, first: false, at: out)
        out[0] = Byte.closeBrace
        buffer.advance(to: out + 1)
        needsComma = true
    }

    /// A frame's `{"x":…,"y":…,"width":…,"height":…}`, as one value with one reservation:
    /// every element and finding has one.
    @inline(always)
    package mutating func numberObject(_ k0: StaticString, _ v0: Double, _ k1: StaticString, _ v1: Double,
                               _ k2: StaticString, _ v2: Double, _ k3: StaticString, _ v3: Double) {
        guard !pretty else {
            beginObject()
            staticKey(k0); number(v0); staticKey(k1); number(v1); staticKey(k2); number(v2); staticKey(k3); number(v3)
            return endObject()
        }
        let keys = k0.utf8CodeUnitCount + k1.utf8CodeUnitCount + k2.utf8CodeUnitCount + k3.utf8CodeUnitCount
        var out = compactValueStart(reserving: 2 + keys + 4 * (4 + NumberText.maxLength))
        out[0] = Byte.openBrace
        out = writeMember(k0, v0, first: true, at: out + 1)
        out = writeMember(k1, v1, first: false, at: out)
        out = writeMember(k2, v2, first: false, at: out)
        out = writeMember(k3, v3, first: false, at: out)
        out[0] = Byte.closeBrace
        buffer.advance(to: out + 1)
        needsComma = true
    }

    /// `,"key":number` (compact mode) at `out`, in room reserved by the caller; returns its end.
    /// A whole frame goes through one pointer.
    @inline(always)
    package mutating func writeMember(_ key: StaticString, _ value: Double, first: Bool,
                                      at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        assert(key.withUTF8Buffer { !$0.contains(where: JSONWriter.needsEscape) }, "static key \(key) needs escaping")
        var out = start
        if !first {
            out[0] = Byte.comma
            out += 1
        }
        let count = key.utf8CodeUnitCount
        out[0] = Byte.quote
        key.withUTF8Buffer { ByteBuffer.copy($0, to: out + 1) }
        out[count + 1] = Byte.quote
        out[count + 2] = Byte.colon
        out += count + 3
        if let end = NumberText.write(value, .json, at: out) { return end }
        ("null" as StaticString).withUTF8Buffer { ByteBuffer.copy($0, to: out) }
        return out + 4
    }

    @inlinable public mutating func int(_ i: Int) {
        beforeValue(reserving: 20)
        buffer.advance(to: NumberText.write(i, at: buffer.tail))
        needsComma = true
    }

    @inlinable public mutating func bool(_ b: Bool) {
        beforeValue(reserving: 5)
        (b ? "true" : "false" as StaticString).withUTF8Buffer { buffer.appendReserved($0) }
        needsComma = true
    }

    @inlinable public mutating func null() {
        let out = valueStart(reserving: 4)
        ("null" as StaticString).withUTF8Buffer { ByteBuffer.copy($0, to: out) }
        buffer.advance(to: out + 4)
        needsComma = true
    }

    /// A string value of at most `maxLength` bytes that `fill` writes in place, for text
    /// known to need no escaping (JSON Pointers built from indices, hex digests); `fill`
    /// returns how many bytes it wrote. Saves building a String per value.
    @inlinable @inline(__always)
    package mutating func unescapedString(maxLength: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Int) {
        unescapedString(maxLength: maxLength) { target, _ in fill(target) }
    }

    /// `unescapedString` whose `fill` also gets the start of the output, for values that
    /// repeat bytes written earlier (a JSON Pointer extends its parent's, see `PointerSpans`).
    @inlinable @inline(__always)
    package mutating func unescapedString(maxLength: Int, _ fill: (_ target: UnsafeMutablePointer<UInt8>, _ output: UnsafePointer<UInt8>) -> Int) {
        let out = valueStart(reserving: maxLength + 2)
        out[0] = Byte.quote
        let written = fill(out + 1, buffer.start)
        assert(written <= maxLength, "unescaped string longer than promised")
        out[written + 1] = Byte.quote
        buffer.advance(to: out + written + 2)
        needsComma = true
    }

    /// A pre-encoded JSON value of at most `maxLength` bytes that `fill` writes in place
    /// (not re-indented in pretty mode); `fill` returns how many bytes it wrote.
    @inlinable @inline(__always)
    package mutating func raw(maxLength: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Int) {
        let out = valueStart(reserving: maxLength)
        let written = fill(out)
        assert(written <= maxLength, "raw value longer than promised")
        buffer.advance(to: out + written)
        needsComma = true
    }

    /// A pre-encoded JSON value, copied verbatim (not re-indented in pretty mode).
    public mutating func raw(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { json in
            beforeValue(reserving: json.count)
            buffer.appendReserved(json)
        }
        needsComma = true
    }

    // MARK: Layout

    /// Writes what goes before a value (',' between siblings; newline and indent in pretty
    /// mode) and reserves room for `extra` more bytes.
    @inline(always)
    package mutating func beforeValue(reserving extra: Int) {
        if pretty { return prettyBeforeValue(reserving: extra) }
        buffer.reserve(extra + 1)
        if needsComma { buffer.appendReserved(Byte.comma) }
    }

    /// `beforeValue`, then where the value's `extra` reserved bytes go. Callers store through
    /// the pointer and `advance(to:)` once: appending byte by byte reloaded the buffer's base
    /// and count after every store.
    @inline(always)
    package mutating func valueStart(reserving extra: Int) -> UnsafeMutablePointer<UInt8> {
        if pretty {
            prettyBeforeValue(reserving: extra)
            return buffer.tail
        }
        return compactValueStart(reserving: extra)
    }

    /// Compact mode's separator: a ',' unless the value opens its container or follows its
    /// key (keys clear `needsComma`, so compact output needs no `afterKey`).
    @inline(always)
    package mutating func compactValueStart(reserving extra: Int) -> UnsafeMutablePointer<UInt8> {
        buffer.reserve(extra + 1)
        let out = buffer.tail
        guard needsComma else { return out }
        out[0] = Byte.comma
        return out + 1
    }

    @inline(never)
    @usableFromInline mutating func prettyBeforeValue(reserving extra: Int) {
        if afterKey {
            afterKey = false
        } else {
            if needsComma { buffer.append(Byte.comma) }
            if depth > 0 { newline() }
        }
        buffer.reserve(extra)
    }

    /// Pretty mode's `beforeValue` for a key, which always starts a new line (compact keys
    /// reserve through `compactValueStart`).
    @inline(always)
    package mutating func prettyBeforeKey(reserving extra: Int) {
        if needsComma { buffer.append(Byte.comma) }
        newline()
        buffer.reserve(extra)
        needsComma = false
    }

    @inlinable package mutating func close(with bracket: UInt8) {
        depth -= 1
        // An empty container stays on one line: "{}" / "[]".
        if pretty && needsComma { newline() }
        buffer.append(bracket)
        needsComma = true
        afterKey = false
    }

    @usableFromInline package mutating func newline() {
        buffer.append(Byte.newline)
        buffer.append(repeating: Byte.space, count: depth * 2)
    }

    // MARK: Scalars

    /// Decimal digits of `value`, for callers sizing an index before writing it in place.
    @inlinable @inline(__always)
    package static func digitCount(_ value: UInt64) -> Int { NumberText.digitCount(value) }

    /// The digits of `value` at `target` (`count` bytes, zero-padded).
    @inlinable @inline(__always)
    package static func writeDigits(_ value: UInt64, count: Int, at target: UnsafeMutablePointer<UInt8>) {
        NumberText.writeDigits(value, count: count, at: target)
    }

    /// Minimal RFC 8259 escaping: '"', '\\' and control characters; everything else,
    /// non-ASCII included, is copied as UTF-8. The caller reserved `utf8.count + 2` bytes.
    @inlinable @inline(__always)
    package mutating func appendQuotedReserved(_ utf8: UnsafeBufferPointer<UInt8>) {
        buffer.appendReserved(Byte.quote)
        let clean = JSONWriter.copyClean(utf8, to: buffer.tail)
        buffer.advance(clean)
        if clean < utf8.count {
            appendEscaping(UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        buffer.appendReserved(Byte.quote)
    }

    @inlinable @inline(__always)
    package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < Byte.space || byte == Byte.quote || byte == Byte.backslash
    }

    /// Copies the prefix of `utf8` that needs no escaping to `target` (room for all of
    /// `utf8` reserved) and returns its length. Word-at-a-time tests, each exact about
    /// whether some byte of the word needs escaping, move clean 8-byte blocks in one store;
    /// the last partial block is tested as an overlapping word rather than byte by byte.
    @inlinable @inline(__always)
    package static func copyClean(_ utf8: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let source = UnsafeRawPointer(base), out = UnsafeMutableRawPointer(target)
        let n = utf8.count
        var i = 0
        if n >= 8 {
            // Two words per step in one vector register: SSE2 does the word arithmetic below on both.
            while i + 16 <= n {
                let words = source.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
                let hits = escapeHits(words)
                if hits[0] | hits[1] != 0 { break }
                out.storeBytes(of: words, toByteOffset: i, as: SIMD2<UInt64>.self)
                i += 16
            }
            while i + 8 <= n {
                let w = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if escapeHits(w) != 0 { break }
                out.storeBytes(of: w, toByteOffset: i, as: UInt64.self)
                i += 8
            }
            if i < n && i + 8 > n {
                // The last 8 bytes overlap ones already copied, which are clean and stored again unchanged.
                let w = source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                if escapeHits(w) == 0 {
                    out.storeBytes(of: w, toByteOffset: n - 8, as: UInt64.self)
                    return n
                }
            }
        } else if n >= 4 {
            // Two overlapping 4-byte halves tested as one word.
            let low = source.loadUnaligned(as: UInt32.self), high = source.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            if escapeHits(UInt64(low) | UInt64(high) << 32) == 0 {
                out.storeBytes(of: low, as: UInt32.self)
                out.storeBytes(of: high, toByteOffset: n - 4, as: UInt32.self)
                return n
            }
        }
        while i < n {
            let byte = base[i]
            if needsEscape(byte) { break }
            target[i] = byte
            i += 1
        }
        return i
    }

    /// Nonzero exactly when some byte of `w` needs escaping (a control character, '"' or '\\').
    @inlinable @inline(__always)
    package static func escapeHits(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* UInt64(Byte.quote)), slash = w ^ (ones &* UInt64(Byte.backslash))
        // `~w` drops bytes >= 0x80; for quote/slash the xor keeps the high bit of ASCII bytes clear.
        return ((w &- ones &* 0x20) | (quote &- ones) | (slash &- ones)) & ~w & highs
    }

    /// `escapeHits` of two words at once.
    @inlinable @inline(__always)
    package static func escapeHits(_ w: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101), highs = SIMD2<UInt64>(repeating: 0x8080_8080_8080_8080)
        let quote = w ^ (ones &* UInt64(Byte.quote)), slash = w ^ (ones &* UInt64(Byte.backslash))
        return ((w &- ones &* 0x20) | (quote &- ones) | (slash &- ones)) & ~w & highs
    }

    /// The rest of a string from its first byte that needs escaping, plus room for the
    /// closing quote. Rare, so it reserves for the worst case (6 bytes per input byte).
    @inline(never)
    @usableFromInline mutating func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>) {
        buffer.reserve(utf8.count * 6 + 1)
        // Each escape is followed by the word-at-a-time copy of the clean run after it.
        var i = 0
        while i < utf8.count {
            appendEscapeReserved(for: utf8[i])
            i += 1
            let clean = JSONWriter.copyClean(UnsafeBufferPointer(rebasing: utf8[i...]), to: buffer.tail)
            buffer.advance(clean)
            i += clean
        }
    }

    @usableFromInline mutating func appendEscapeReserved(for byte: UInt8) {
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
        buffer.appendReserved(Byte.backslash)
        if let short {
            buffer.appendReserved(short)
            return
        }
        let hexDigits: StaticString = "0123456789abcdef"
        buffer.appendReserved(Byte.u)
        buffer.appendReserved(Byte.zero)
        buffer.appendReserved(Byte.zero)
        hexDigits.withUTF8Buffer { hex in
            buffer.appendReserved(hex[Int(byte >> 4)])
            buffer.appendReserved(hex[Int(byte & 0xF)])
        }
    }
}
