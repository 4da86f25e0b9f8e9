import A11yJSON
/// A `JSONReader` that knows where it is: every error carries the JSON Pointer of the
/// value at fault, and reads check the value's type first.
/// Noncopyable: it owns the memory of its stacks (see `RawStack`).
package struct JSONCursor: ~Copyable {
    var reader: JSONReader
    /// Pointer reference tokens of the current position; the text is built only on demand.
    private var path = RawStack<Token>()
    /// Bytes of keys that had escapes, which the path and `JSONKey`s point into; made on the
    /// first such key (most requests have none).
    private var escapedKeys: EscapedKeys?
    /// Keys of the objects being read, innermost last, for duplicate checks; closing an object
    /// drops its keys.
    private var openKeys = RawStack<JSONKey>()
    /// Key sets of the open objects that got large (see `ObjectScope.large`), innermost last.
    private var largeKeys: [Set<String>] = []
    /// Prefix for pointers (e.g. "/screens/2" while decoding one screen of a batch).
    package var pointerPrefix = ""

    package init(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) {
        reader = JSONReader(bytes, maxDepth: limits.maxJSONDepth, maxStringBytes: limits.maxStringBytes)
    }

    /// One reference token: a key's decoded bytes, or an array index.
    enum Token {
        case key(UnsafeRawBufferPointer)
        case index(Int)
    }

    // MARK: Position

    package var pointer: String { pointer(of: path.elements(from: 0)[...]) }

    /// Where a value was read, kept for an error that may come later (an unknown reference):
    /// its tokens are copied into `savedPaths`, so taking one allocates nothing of its own.
    /// Valid while this cursor is.
    struct Location { fileprivate let tokens: Range<Int> }

    /// Paths taken by `location`, back to back. Each is a whole path (a dozen tokens deep in
    /// a typical tree): room for a few up front, so the first references do not grow it twice.
    private var savedPaths = RawStack<Token>(capacity: 64)

    var location: Location {
        mutating get {
            let start = savedPaths.count
            savedPaths.push(contentsOf: path)
            return Location(tokens: start..<savedPaths.count)
        }
    }

    /// The JSON Pointer of a saved location.
    func pointer(at location: Location) -> String {
        pointer(of: savedPaths.elements(from: location.tokens.lowerBound)[..<(location.tokens.upperBound - location.tokens.lowerBound)])
    }

    private func pointer(of tokens: ArraySlice<Token>) -> String {
        var out = Array(pointerPrefix.utf8)
        for token in tokens {
            out.append(UInt8(ascii: "/"))
            switch token {
            case .key(let bytes): JSONCursor.appendEscaped(bytes, to: &out)
            case .index(let i): out.append(contentsOf: String(i).utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 6901: "~" is "~0" and "/" is "~1".
    private static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "~"): out.append(UInt8(ascii: "~")); out.append(UInt8(ascii: "0"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "~")); out.append(UInt8(ascii: "1"))
            default: out.append(byte)
            }
        }
    }

    package func error(_ kind: InputError.Kind, _ message: String) -> InputError { InputError(kind, message, at: pointer) }

    private func syntax(_ e: JSONSyntaxError) -> InputError { InputError(e, at: pointer) }

    // MARK: Reads

    package mutating func kind() throws(InputError) -> JSONValueKind {
        do { return try reader.peek() } catch { throw syntax(error) }
    }

    /// Throws the error `expect` gives for a value that is not `expected` (never returns
    /// normally when the fast check that called it failed).
    private mutating func expect(_ expected: JSONValueKind, _ name: String) throws(InputError) {
        let found = try kind()
        guard found == expected else { throw self.error(.type, "expected \(name), found \(JSONCursor.describe(found))") }
    }

    static func describe(_ kind: JSONValueKind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// True (and consumes it) when the next value is `null`; optional fields treat null as absent.
    /// Anything else is left to the read that follows, which reports bad input the same way.
    @inline(__always)
    mutating func consumeNull() throws(InputError) -> Bool {
        guard reader.peekByte() == Byte.n else { return false }
        do { try reader.readNull() } catch { throw syntax(error) }
        return true
    }

    /// Whether the next value is a string (bad input is left to the read that follows).
    var nextIsString: Bool { mutating get { reader.peekByte() == Byte.quote } }

    // Each read checks the first byte and only on a mismatch takes the slow path that names
    // what was found, so a well-formed value is classified once.

    @inline(__always)
    package mutating func string() throws(InputError) -> String {
        // Plain strings skip the general reader's checks and its out-of-line call.
        if let raw = reader.compactRawString() { return reader.makeString(start: raw.openingQuote + 1, count: raw.bytes.count) }
        if reader.peekByte() != Byte.quote { try expect(.string, "a string") }
        do { return try reader.readString() } catch { throw syntax(error) }
    }

    /// A string as its bytes (no String made); valid while the request buffer is.
    @inline(__always)
    mutating func stringBytes() throws(InputError) -> JSONKey {
        if let raw = reader.compactRawString() { return JSONKey(bytes: raw.bytes) }
        if reader.peekByte() != Byte.quote { try expect(.string, "a string") }
        let raw: JSONReader.RawString
        do { raw = try reader.readRawString() } catch { throw syntax(error) }
        return raw.hasEscapes ? escapedKey(raw) : JSONKey(bytes: raw.bytes)
    }

    @inline(__always)
    package mutating func number() throws(InputError) -> Double {
        let byte = reader.peekByte() ?? 0
        if byte != Byte.minus && byte &- Byte.zero >= 10 { try expect(.number, "a number") }
        // Short numbers inline; anything else through the full grammar, out of line.
        if let value = reader.shortNumber() {
            reader.atContainerStart = false
            return value
        }
        do { return try reader.readNumber() } catch { throw syntax(error) }
    }

    @inline(__always)
    mutating func bool() throws(InputError) -> Bool {
        let byte = reader.peekByte()
        if byte != Byte.t && byte != Byte.f { try expect(.bool, "a boolean") }
        // The literal matched inline; a bad one is left to `readBool`, which reports it.
        if byte == Byte.t ? reader.consume("true") : reader.consume("false") {
            reader.atContainerStart = false
            return byte == Byte.t
        }
        do { return try reader.readBool() } catch { throw syntax(error) }
    }

    /// A whole number in `range`.
    mutating func integer(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(InputError) -> Int {
        let value = try number()
        guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw error(.invalidValue, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    /// A value of a wire enumeration, looked up in its declaration; an unknown name fails
    /// with the enumeration's noun ("unknown grouping \"x\"").
    mutating func enumeration<E: WireEnum>(_ type: E.Type) throws(InputError) -> E {
        try enumeration(type, E.wire.noun)
    }

    mutating func enumeration<E: WireEnum>(_ type: E.Type, _ what: String) throws(InputError) -> E {
        let name = try stringBytes()
        if let value = E.wire.lookup.value(named: name) { return value }
        throw error(.invalidValue, "unknown \(what) \"\(name)\"")
    }

    package mutating func skip() throws(InputError) {
        do { try reader.skipValue() } catch { throw syntax(error) }
    }

    package mutating func finish() throws(InputError) {
        path.truncate(to: 0)
        do { try reader.finish() } catch { throw syntax(error) }
    }

    // MARK: Containers
    //
    // Loops read `var o = try c.beginObject(...); while let key = try c.nextKey(&o) { ... }`
    // (no closure per member). The innermost path token is a slot overwritten by each key or
    // index, so walking members costs no append or removal; a member's value is read with its
    // key on the path, and errors of the container itself point at the container.

    /// An object being read.
    struct ObjectScope {
        /// Where this object's keys start in `openKeys`.
        fileprivate let base: Int
        /// Index in `largeKeys` of this object's keys as text once it gets large (hashing beats a
        /// linear scan there), -1 before: an index, not the set, so a scope holds no reference
        /// and ending one costs no release.
        fileprivate var large = -1
        /// Bits of the `KnownKeys` read so far (see `nextKey(_:known:)`).
        fileprivate var seen: UInt64 = 0
    }

    /// Consumes '{' (`name` says what was expected otherwise).
    @inline(__always)
    mutating func beginObject(_ name: String = "an object") throws(InputError) -> ObjectScope {
        if reader.peekByte() != Byte.openBrace { try expect(.object, name) }
        // At the '{' now (`expect` threw otherwise): open it inline, not through the reader's
        // public `beginObject`, which would check the byte again out of line.
        do { try reader.open(object: true) } catch { throw syntax(error) }
        path.push(.index(0))
        return ObjectScope(base: openKeys.count)
    }

    /// The next key, with the path at it; nil after the closing '}'. Rejects duplicate keys.
    @inline(__always)
    mutating func nextKey(_ scope: inout ObjectScope) throws(InputError) -> JSONKey? {
        guard let key = try readKey(&scope) else { return nil }
        if isDuplicate(key, &scope) { throw duplicate(key) }
        return key
    }

    /// `nextKey` for objects whose members the caller looks up by name anyway: a known key is
    /// checked for duplicates by its bit, and only unknown keys are compared with earlier ones
    /// (a known key never equals an unknown one). Same results and errors as `nextKey`.
    /// `words` is `Known.keyWords`, passed in: reading the static costs a lazy-init check, so
    /// callers read it once per object or per decoder, not per key.
    @inline(__always)
    mutating func nextKey<Known: KnownKeys>(_ scope: inout ObjectScope, known words: borrowing KnownKeyWords<Known>) throws(InputError) -> (key: JSONKey, known: Known?)? {
        // The usual member, a short known key right after the ',' (or '{'): matched as words
        // with no separate scan, inline. Anything else, out of line.
        if let (bytes, name) = reader.compactKnownKey(words) {
            path.top = .key(bytes)
            if scope.seen & name.bit != 0 { throw duplicate(JSONKey(bytes: bytes)) }
            scope.seen |= name.bit
            return (JSONKey(bytes: bytes), name)
        }
        // The other usual case, the object's end, also inline.
        if reader.compactObjectEnd() {
            ended(scope)
            return nil
        }
        return try generalNextKey(&scope, known: Known.self)
    }

    /// `nextKey(_:known:)` past its fast path: the general key read.
    @inline(never)
    private mutating func generalNextKey<Known: KnownKeys>(_ scope: inout ObjectScope, known: Known.Type) throws(InputError) -> (key: JSONKey, known: Known?)? {
        guard let key = try readKey(&scope) else { return nil }
        if let name = Known.named(key) {
            if scope.seen & name.bit != 0 { throw duplicate(key) }
            scope.seen |= name.bit
            return (key, name)
        }
        try checkUnknown(key, &scope)
        return (key, nil)
    }

    /// Unknown keys are rare: out of line so `nextKey(_:known:)` inlines small.
    @inline(never)
    private mutating func checkUnknown(_ key: JSONKey, _ scope: inout ObjectScope) throws(InputError) {
        if isDuplicate(key, &scope) { throw duplicate(key) }
    }

    /// The next key with the path at it, not yet checked for duplicates.
    @inline(__always)
    private mutating func readKey(_ scope: inout ObjectScope) throws(InputError) -> JSONKey? {
        let read: JSONReader.RawString?
        do { read = try reader.nextRawKey() } catch {
            path.pop()
            throw syntax(error)
        }
        guard let read else {
            ended(scope)
            return nil
        }
        let key = read.hasEscapes ? escapedKey(read) : JSONKey(bytes: read.bytes)
        path.top = .key(key.bytes)
        return key
    }

    /// After an object's '}': its path token and its keys go.
    @inline(__always)
    private mutating func ended(_ scope: ObjectScope) {
        path.pop()
        openKeys.truncate(to: scope.base)
        if scope.large >= 0 { largeKeys.removeSubrange(scope.large...) }
    }

    /// The decoded bytes of a string with escapes, kept for as long as this cursor.
    @inline(never)
    private mutating func escapedKey(_ read: JSONReader.RawString) -> JSONKey {
        if escapedKeys == nil { escapedKeys = EscapedKeys() }
        return JSONKey(bytes: escapedKeys!.keep(reader.decodedText(of: read)))
    }

    /// Out of line: rare, and it keeps the inlined key reads small.
    @inline(never)
    private func duplicate(_ key: JSONKey) -> InputError { error(.invalidValue, "duplicate key \"\(key)\"") }

    /// Objects are small: a linear scan beats hashing until an object gets large.
    @inline(__always)
    private mutating func isDuplicate(_ key: JSONKey, _ scope: inout ObjectScope) -> Bool {
        if scope.large >= 0 { return !largeKeys[scope.large].insert(key.description).inserted }
        var i = scope.base
        while i < openKeys.count {
            if openKeys[i] == key { return true }
            i += 1
        }
        openKeys.push(key)
        if openKeys.count - scope.base > 32 {
            scope.large = largeKeys.count
            largeKeys.append(Set(openKeys.elements(from: scope.base).map(\.description)))
        }
        return false
    }

    /// An array being read.
    struct ArrayScope {
        /// Index of the element being read (-1 before the first).
        private(set) var index = -1
        fileprivate mutating func advance() { index += 1 }
    }

    /// Consumes '['.
    @inline(__always)
    mutating func beginArray() throws(InputError) -> ArrayScope {
        if reader.peekByte() != Byte.openBracket { try expect(.array, "an array") }
        // At the '[' now, as in `beginObject`.
        do { try reader.open(object: false) } catch { throw syntax(error) }
        path.push(.index(0))
        return ArrayScope()
    }

    /// True with the path at the next element; false after the closing ']'.
    @inline(__always)
    mutating func nextElement(_ scope: inout ArrayScope) throws(InputError) -> Bool {
        let more: Bool
        if let compact = reader.compactNextElement() {
            more = compact
        } else {
            do { more = try reader.nextElement() } catch {
                path.pop()
                throw syntax(error)
            }
        }
        guard more else {
            path.pop()
            return false
        }
        scope.advance()
        path.top = .index(scope.index)
        return true
    }

    /// Calls `body` for each member with the key on the path; rejects duplicate keys.
    package mutating func object(_ name: String = "an object", _ body: (inout JSONCursor, JSONKey) throws(InputError) -> Void) throws(InputError) {
        var scope = try beginObject(name)
        while let key = try nextKey(&scope) { try body(&self, key) }
    }

    /// Calls `body` for each element with its index on the path.
    package mutating func array(_ body: (inout JSONCursor, Int) throws(InputError) -> Void) throws(InputError) {
        var scope = try beginArray()
        while try nextElement(&scope) { try body(&self, scope.index) }
    }

    /// An array of strings.
    mutating func strings() throws(InputError) -> [String] {
        var out: [String] = []
        var scope = try beginArray()
        while try nextElement(&scope) { out.append(try string()) }
        return out
    }
}

extension InputError {
    /// The JSON reader's complaint as an input error at `pointer`: malformed JSON, a reader
    /// limit, or a number out of range, each with the byte it was found at. Every JSON input
    /// (our tree, Figma files, WebDriverAgent sources) says it so.
    package init(_ e: JSONSyntaxError, at pointer: String) {
        switch e.kind {
        case .grammar: self.init(.syntax, "malformed JSON: \(e.message) (byte \(e.offset))", at: pointer)
        case .limit: self.init(.limit, "\(e.message) (byte \(e.offset))", at: pointer)
        case .range: self.init(.invalidValue, "\(e.message) (byte \(e.offset))", at: pointer)
        }
    }
}
