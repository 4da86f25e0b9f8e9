/// What the next JSON value is, judged from its first byte.
public enum JSONValueKind: Sendable { case object, array, string, number, bool, null }

/// A grammar or limit violation, with the byte offset where it was detected.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the document was refused: bad grammar, a limit of the reader, or a number
    /// that is valid JSON but does not fit a Double.
    public enum Kind: Sendable { case grammar, limit, range }
    public var message: String
    public var offset: Int
    public var kind: Kind

    public init(message: String, offset: Int, kind: Kind = .grammar) {
        self.message = message
        self.offset = offset
        self.kind = kind
    }

    public var description: String { "\(message) (at byte \(offset))" }
}

/// Strict RFC 8259 pull parser over UTF-8 bytes. It builds no intermediate containers:
/// the caller walks the document with `beginObject`/`nextKey`, `beginArray`/`nextElement`
/// and the scalar readers, and skips what it does not need with `skipValue`.
///
/// Nothing here recurses, so nesting depth is bounded only by `maxDepth`, never by the stack.
/// A UTF-8 byte order mark at offset 0 is skipped (RFC 8259 §8.1 allows ignoring it);
/// offsets stay relative to the start of the buffer.
///
/// The caller keeps the buffer alive for the reader's lifetime.
///
/// The core's decoder walks requests with the members below, so they are `package`; the
/// small ones it calls per key or per value are `@inlinable` (and what they touch
/// `@usableFromInline`) so they still inline into the decoder across the module boundary.
public struct JSONReader {
    @usableFromInline package let buffer: UnsafeRawBufferPointer
    @usableFromInline package var position: Int
    /// Open arrays and objects.
    @usableFromInline package var depth = 0
    public let maxDepth: Int
    /// Upper bound on the decoded UTF-8 size of one string (keys included).
    public let maxStringBytes: Int
    /// True right after '{' or '[': the first member needs no ',' and may be the closing bracket.
    /// Every value reader clears it, so skipping nextKey/nextElement cannot hide a missing ','.
    @usableFromInline package var atContainerStart = false
    /// Bit d set when nesting level d+1 is an object; levels past 64 spill into `deeperKinds`.
    @usableFromInline package var shallowKinds: UInt64 = 0
    @usableFromInline package var deeperKinds: [UInt64] = []
    /// Arrays and objects opened so far (read or skipped), so a caller can tell whether a value
    /// it read had anything nested.
    @usableFromInline package internal(set) var containersOpened = 0
    /// Reused for strings with escapes so they cost no extra allocation besides the String.
    @usableFromInline package var scratch: [UInt8] = []

    public init(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = 1100, maxStringBytes: Int = 65536) {
        buffer = bytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        position = hasBOM ? 3 : 0
    }

    /// Current byte offset into the buffer.
    public var offset: Int { position }

    // MARK: Values

    /// Skips whitespace and classifies the next value without consuming it.
    public mutating func peek() throws(JSONSyntaxError) -> JSONValueKind {
        skipWhitespace()
        guard position < buffer.count else { throw endOfInput("expected a value") }
        switch buffer[position] {
        case Byte.openBrace: return .object
        case Byte.openBracket: return .array
        case Byte.quote: return .string
        case Byte.minus, Byte.zero...Byte.nine: return .number
        case Byte.t, Byte.f: return .bool
        case Byte.n: return .null
        default: throw unexpected("expected a value")
        }
    }

    public mutating func readString() throws(JSONSyntaxError) -> String {
        atContainerStart = false
        skipWhitespace()
        guard position < buffer.count, buffer[position] == Byte.quote else {
            throw mismatch("expected a string")
        }
        return try scanString(materialize: true)
    }

    public mutating func readBool() throws(JSONSyntaxError) -> Bool {
        atContainerStart = false
        skipWhitespace()
        guard position < buffer.count else { throw endOfInput("expected true or false") }
        switch buffer[position] {
        case Byte.t:
            try expectLiteral("true")
            return true
        case Byte.f:
            try expectLiteral("false")
            return false
        default:
            throw unexpected("expected true or false")
        }
    }

    public mutating func readNull() throws(JSONSyntaxError) {
        atContainerStart = false
        skipWhitespace()
        guard position < buffer.count else { throw endOfInput("expected null") }
        guard buffer[position] == Byte.n else { throw unexpected("expected null") }
        try expectLiteral("null")
    }

    // MARK: Containers

    /// Consumes '{' and opens an object; members follow through `nextKey`.
    public mutating func beginObject() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < buffer.count, buffer[position] == Byte.openBrace else {
            throw mismatch("expected an object")
        }
        try open(object: true)
    }

    /// Reads the next `"key":` of the innermost object (consuming a ',' before it), or
    /// consumes its '}' and returns nil. The caller must read or skip the member's value next.
    public mutating func nextKey() throws(JSONSyntaxError) -> String? {
        guard try atNextKey() else { return nil }
        let key = try scanString(materialize: true)
        try expectColon()
        return key
    }

    /// A key as read: its bytes in the buffer when it has no escapes (no String is made),
    /// its decoded text when it has.
    public enum Key {
        case bytes(UnsafeRawBufferPointer)
        case text(String)
    }

    /// `nextKey` without materialising plain keys.
    public mutating func nextKeyBytes() throws(JSONSyntaxError) -> Key? {
        guard let key = try nextRawKey() else { return nil }
        return key.hasEscapes ? .text(decodedText(of: key)) : .bytes(key.bytes)
    }

    /// A string as it sits in the buffer: the bytes between its quotes. Without escapes they
    /// are its text; with escapes `decodedText(of:)` decodes them.
    @usableFromInline package struct RawString {
        @usableFromInline package var bytes: UnsafeRawBufferPointer
        @usableFromInline package var hasEscapes: Bool
        @usableFromInline package var openingQuote: Int

        @inlinable package init(bytes: UnsafeRawBufferPointer, hasEscapes: Bool, openingQuote: Int) {
            self.bytes = bytes
            self.hasEscapes = hasEscapes
            self.openingQuote = openingQuote
        }
    }

    /// `nextKey` with no String made and no enum payload to copy or destroy per key.
    @inlinable @inline(__always)
    package mutating func nextRawKey() throws(JSONSyntaxError) -> RawString? {
        if let key = compactNextKey() { return key }
        if compactObjectEnd() { return nil }
        return try generalNextRawKey()
    }

    /// `nextRawKey` past the compact case; kept out of line so the usual key inlines small.
    @inline(never)
    @usableFromInline mutating func generalNextRawKey() throws(JSONSyntaxError) -> RawString? {
        // A '}' right after the last value (or the '{') always closes the object validly, so
        // the usual end of an object needs none of `atNextKey`'s checks.
        if depth > 0, innermostIsObject, position < buffer.count, buffer[position] == Byte.closeBrace {
            close()
            return nil
        }
        guard try atNextKey() else { return nil }
        let key = try scanRawString()
        try expectColon()
        return key
    }

    /// The usual next member, `,"key":` (or `"key":` first in an object) with a plain key and
    /// no whitespace, read with none of the general checks; nil, having consumed nothing, for
    /// anything else (then `atNextKey` and `scanRawString` decide).
    @inlinable @inline(__always)
    mutating func compactNextKey() -> RawString? {
        guard depth > 0, innermostIsObject, let base = buffer.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var quote = position
        if !atContainerStart {
            guard quote < buffer.count, bytes[quote] == Byte.comma else { return nil }
            quote += 1
        }
        guard quote < buffer.count, bytes[quote] == Byte.quote else { return nil }
        let end = scanPlainRun(from: quote + 1)
        let length = end - quote - 1
        guard end + 1 < buffer.count, bytes[end] == Byte.quote, bytes[end + 1] == Byte.colon,
              length <= maxStringBytes else { return nil }
        position = end + 2
        atContainerStart = false
        return RawString(bytes: UnsafeRawBufferPointer(start: base + quote + 1, count: length),
                         hasEscapes: false, openingQuote: quote)
    }

    /// Consumes the innermost object's '}' when it comes right after the last value (or the
    /// '{'), where it always closes the object validly (as in `generalNextRawKey`).
    @inlinable @inline(__always)
    package mutating func compactObjectEnd() -> Bool {
        guard position < buffer.count, buffer[position] == Byte.closeBrace, depth > 0, innermostIsObject else { return false }
        close()
        return true
    }

    /// `compactNextKey` for a key that is one of `known`'s short names: the (up to 16) bytes
    /// after the opening quote are loaded as two words, the closing quote found in them, and
    /// the name matched by integer compares. A known name has no escapes or control bytes,
    /// so an exact match needs none of the string checks. Nil, having consumed nothing, for
    /// anything else, including keys too near the end of the buffer.
    @inlinable @inline(__always)
    package mutating func compactKnownKey<Key>(_ known: borrowing KnownKeyWords<Key>) -> (bytes: UnsafeRawBufferPointer, key: Key)? {
        guard depth > 0, innermostIsObject, let base = buffer.baseAddress else { return nil }
        var quote = position
        if !atContainerStart {
            guard quote < buffer.count, base.load(fromByteOffset: quote, as: UInt8.self) == Byte.comma else { return nil }
            quote += 1
        }
        let start = quote + 1
        // Room for both words and the ':' after a name of up to 15 bytes.
        guard start + 8 + 8 + 1 <= buffer.count, base.load(fromByteOffset: quote, as: UInt8.self) == Byte.quote else { return nil }
        let low = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        let high = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
        let length: Int
        // "Has zero byte" on the words xor '"': the lowest flagged byte is the first quote.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let lowQuotes = low ^ (ones &* UInt64(Byte.quote)), highQuotes = high ^ (ones &* UInt64(Byte.quote))
        let lowFlags = (lowQuotes &- ones) & ~lowQuotes & highs
        if lowFlags != 0 {
            length = lowFlags.trailingZeroBitCount >> 3
        } else {
            let highFlags = (highQuotes &- ones) & ~highQuotes & highs
            guard highFlags != 0 else { return nil }
            length = 8 + highFlags.trailingZeroBitCount >> 3
        }
        guard length <= maxStringBytes, base.load(fromByteOffset: start + length + 1, as: UInt8.self) == Byte.colon else { return nil }
        // Only the name's own bytes count: the quote and whatever follows are masked off.
        let name = length < 8
            ? known.key(length: length, low: low & ((1 &<< UInt64(8 * length)) &- 1), high: 0)
            : known.key(length: length, low: low, high: high & ((1 &<< UInt64(8 * (length - 8))) &- 1))
        guard let name else { return nil }
        position = start + length + 2
        atContainerStart = false
        return (UnsafeRawBufferPointer(start: base + start, count: length), name)
    }

    /// A string value without making a String (see `RawString`).
    @usableFromInline package mutating func readRawString() throws(JSONSyntaxError) -> RawString {
        atContainerStart = false
        skipWhitespace()
        guard position < buffer.count, buffer[position] == Byte.quote else {
            throw mismatch("expected a string")
        }
        return try scanRawString()
    }

    // MARK: Fast paths for one exact shape

    /// Runs `attempt`; when it returns nil the reader is put back where it was, so a fast path
    /// for one exact byte shape can leave everything else to the general reads, which then
    /// decide (same results, same errors). `attempt` must not open or close containers.
    @inlinable @inline(__always)
    package mutating func speculate<T>(_ attempt: (inout JSONReader) -> T?) -> T? {
        let savedPosition = position, savedStart = atContainerStart
        if let result = attempt(&self) { return result }
        position = savedPosition
        atContainerStart = savedStart
        return nil
    }

    /// Consumes `literal` when the next bytes are exactly it.
    @inlinable @inline(__always)
    package mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= buffer.count else { return false }
        guard count > 0, let base = buffer.baseAddress else { return count == 0 }
        guard Self.sameBytes(base + position, UnsafeRawPointer(literal.utf8Start), count: count) else { return false }
        position += count
        return true
    }

    /// Whether the buffer holds exactly `bytes` (not empty) from `offset` on.
    @inlinable @inline(__always)
    package func hasBytes(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard bytes.count > 0, offset >= 0, offset + bytes.count <= buffer.count,
              let base = buffer.baseAddress, let other = bytes.baseAddress else { return false }
        return Self.sameBytes(base + offset, other, count: bytes.count)
    }

    /// Whether `count` (> 0) bytes at `a` and `b` are equal. The texts compared are short:
    /// whole-word compares (the last word overlapping, never past the end) beat both a byte
    /// loop and a call to memcmp.
    @inlinable @inline(__always)
    package static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var i = 0
            while i + 8 < count {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                i += 8
            }
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for i in 0..<count where a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
        return true
    }

    /// Skips whitespace and returns the next byte without consuming it (nil at the end), so
    /// callers can check a value's type with one compare before reading it.
    @inlinable @inline(__always)
    package mutating func peekByte() -> UInt8? {
        skipWhitespace()
        return position < buffer.count ? buffer[position] : nil
    }

    /// Consumes the ',' before the next key and stops at its opening quote (true), or
    /// consumes the object's '}' (false).
    @inlinable @inline(__always)
    package mutating func atNextKey() throws(JSONSyntaxError) -> Bool {
        guard depth > 0, innermostIsObject else {
            throw JSONSyntaxError(message: "nextKey used outside an object", offset: position)
        }
        skipWhitespace()
        if atContainerStart {
            atContainerStart = false
            if position < buffer.count, buffer[position] == Byte.closeBrace {
                close()
                return false
            }
            guard position < buffer.count, buffer[position] == Byte.quote else {
                throw mismatch("expected a string key or '}'")
            }
        } else {
            guard position < buffer.count else { throw endOfInput("expected ',' or '}' after object member") }
            switch buffer[position] {
            case Byte.comma:
                position += 1
                try expectKeyStart()
            case Byte.closeBrace:
                close()
                return false
            default:
                throw unexpected("expected ',' or '}' after object member")
            }
        }
        return true
    }

    /// Consumes '[' and opens an array; elements follow through `nextElement`.
    public mutating func beginArray() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < buffer.count, buffer[position] == Byte.openBracket else {
            throw mismatch("expected an array")
        }
        try open(object: false)
    }

    /// True when another element of the innermost array follows (its ',' consumed);
    /// false after consuming the array's ']'.
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        guard depth > 0, !innermostIsObject else {
            throw JSONSyntaxError(message: "nextElement used outside an array", offset: position)
        }
        skipWhitespace()
        if atContainerStart {
            atContainerStart = false
            if position < buffer.count, buffer[position] == Byte.closeBracket {
                close()
                return false
            }
            return true
        }
        guard position < buffer.count else { throw endOfInput("expected ',' or ']' after array element") }
        switch buffer[position] {
        case Byte.comma:
            position += 1
            try rejectTrailingComma(inObject: false)
            return true
        case Byte.closeBracket:
            close()
            return false
        default:
            throw unexpected("expected ',' or ']' after array element")
        }
    }

    /// The usual step of an array with no whitespace: a ',' (or the start) right before a value,
    /// or the ']' right after the last one, read with none of the general checks; nil, having
    /// consumed nothing, for anything else (then `nextElement` decides: same results, same errors).
    @inlinable @inline(__always)
    package mutating func compactNextElement() -> Bool? {
        guard depth > 0, !innermostIsObject, position + 1 < buffer.count else { return nil }
        let byte = buffer[position]
        if atContainerStart {
            guard byte > Byte.space, byte != Byte.closeBracket else { return nil }
            atContainerStart = false
            return true
        }
        if byte == Byte.closeBracket {
            close()
            return false
        }
        let next = buffer[position + 1]
        guard byte == Byte.comma, next > Byte.space, next != Byte.closeBracket else { return nil }
        position += 1
        return true
    }

    /// Only whitespace may follow the top-level value.
    public mutating func finish() throws(JSONSyntaxError) {
        skipWhitespace()
        if depth > 0 {
            throw JSONSyntaxError(message: "unexpected end of document: \(depth) arrays or objects still open", offset: position)
        }
        if position < buffer.count {
            throw JSONSyntaxError(message: "unexpected data after the top-level value", offset: position)
        }
    }

    // MARK: Shared pieces (also used by skipValue)

    @inlinable @inline(__always)
    package mutating func skipWhitespace() {
        while position < buffer.count {
            let byte = buffer[position]
            // Everything above ' ' ends whitespace; one compare settles the common case.
            guard byte <= Byte.space,
                  byte == Byte.space || byte == Byte.newline || byte == Byte.carriageReturn || byte == Byte.tab
            else { return }
            position += 1
        }
    }

    /// At an opening bracket: checks the depth limit, records the container kind, consumes it.
    @inlinable @inline(__always)
    package mutating func open(object: Bool) throws(JSONSyntaxError) {
        guard depth < maxDepth else {
            throw JSONSyntaxError(message: "nesting deeper than \(maxDepth) levels", offset: position, kind: .limit)
        }
        let level = depth
        if level < 64 {
            let bit: UInt64 = 1 << UInt64(level)
            shallowKinds = object ? shallowKinds | bit : shallowKinds & ~bit
        } else {
            let word = (level - 64) >> 6
            let bit: UInt64 = 1 << UInt64((level - 64) & 63)
            if word == deeperKinds.count { deeperKinds.append(0) }
            deeperKinds[word] = object ? deeperKinds[word] | bit : deeperKinds[word] & ~bit
        }
        depth += 1
        containersOpened &+= 1
        position += 1
        atContainerStart = true
    }

    /// At a closing bracket of the innermost container: consumes it.
    @inlinable @inline(__always)
    package mutating func close() {
        depth -= 1
        position += 1
        atContainerStart = false
    }

    @inlinable package var innermostIsObject: Bool {
        @inline(__always) get {
            let level = depth - 1
            if level < 64 { return shallowKinds >> UInt64(level) & 1 == 1 }
            return deeperKinds[(level - 64) >> 6] >> UInt64((level - 64) & 63) & 1 == 1
        }
    }

    /// After a ',' in an object: whitespace, then the opening quote of the next key.
    @inlinable @inline(__always)
    package mutating func expectKeyStart() throws(JSONSyntaxError) {
        try rejectTrailingComma(inObject: true)
        guard position < buffer.count, buffer[position] == Byte.quote else {
            throw mismatch("expected a string key after ','")
        }
    }

    @inlinable @inline(__always)
    package mutating func rejectTrailingComma(inObject: Bool) throws(JSONSyntaxError) {
        skipWhitespace()
        if position < buffer.count, buffer[position] == (inObject ? Byte.closeBrace : Byte.closeBracket) {
            throw JSONSyntaxError(message: inObject ? "trailing comma in object" : "trailing comma in array", offset: position)
        }
    }

    @inlinable @inline(__always)
    package mutating func expectColon() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < buffer.count, buffer[position] == Byte.colon else {
            throw mismatch("expected ':' after object key")
        }
        position += 1
    }

    /// Matches `true`, `false` or `null` (StaticString: no allocation), a word compare at a time.
    @usableFromInline package mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        guard consume(literal) else {
            throw JSONSyntaxError(message: "invalid literal, expected '\(literal)'", offset: position)
        }
    }

    // MARK: Errors

    @usableFromInline package func endOfInput(_ expectation: String) -> JSONSyntaxError {
        JSONSyntaxError(message: "unexpected end of input, \(expectation)", offset: position)
    }

    /// The byte at `position` is not what `expectation` wanted (or the input ended).
    @usableFromInline package func mismatch(_ expectation: String) -> JSONSyntaxError {
        position < buffer.count ? unexpected(expectation) : endOfInput(expectation)
    }

    @usableFromInline package func unexpected(_ expectation: String) -> JSONSyntaxError {
        JSONSyntaxError(message: "\(expectation), found \(describeByte(at: position))", offset: position)
    }

    @usableFromInline package func describeByte(at index: Int) -> String {
        let byte = buffer[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(byte < 0x10 ? "0" : "")\(hex)"
    }
}
