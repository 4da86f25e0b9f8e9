/// A `JSONReader` that knows where it is: every error carries the JSON Pointer of the
/// value at fault, and reads check the value's type first.
struct JSONCursor {
    var reader: JSONReader
    /// Pointer reference tokens of the current position; the text is built only on demand.
    private(set) var path: [Token] = []
    /// Bytes of keys that had escapes, which the path and `JSONKey`s point into.
    private let escapedKeys = EscapedKeys()
    /// Keys of the objects being read, innermost last; reused so duplicate checks don't allocate.
    private var openKeys: [JSONKey] = []
    /// Prefix for pointers (e.g. "/screens/2" while decoding one screen of a batch).
    var pointerPrefix = ""

    init(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) {
        reader = JSONReader(bytes, maxDepth: limits.maxJSONDepth, maxStringBytes: limits.maxStringBytes)
    }

    /// One reference token: a key's decoded bytes, or an array index.
    enum Token {
        case key(UnsafeRawBufferPointer)
        case index(Int)
    }

    // MARK: Position

    var pointer: String { location.pointer }

    /// The current position, cheap to keep (the tokens are shared, not copied); the pointer
    /// text is built only when asked, which for references means only when one fails.
    /// Valid while the request buffer is.
    var location: Location { Location(prefix: pointerPrefix, tokens: path, escapedKeys: escapedKeys) }

    struct Location {
        var prefix: String
        var tokens: [Token]
        /// Keeps the bytes of escaped keys in `tokens` alive.
        var escapedKeys: EscapedKeys

        var pointer: String {
            var out = Array(prefix.utf8)
            for token in tokens {
                out.append(UInt8(ascii: "/"))
                switch token {
                case .key(let bytes): Location.appendEscaped(bytes, to: &out)
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
    }

    mutating func push(_ key: JSONKey) { path.append(.key(key.bytes)) }
    mutating func push(_ index: Int) { path.append(.index(index)) }
    mutating func pop() { path.removeLast() }

    func error(_ kind: InputError.Kind, _ message: String) -> InputError { InputError(kind, message, at: pointer) }

    private func syntax(_ e: JSONSyntaxError) -> InputError {
        switch e.kind {
        case .grammar: InputError(.syntax, "malformed JSON: \(e.message) (byte \(e.offset))", at: pointer)
        case .limit: InputError(.limit, "\(e.message) (byte \(e.offset))", at: pointer)
        case .range: InputError(.invalidValue, "\(e.message) (byte \(e.offset))", at: pointer)
        }
    }

    // MARK: Reads

    mutating func kind() throws(InputError) -> JSONValueKind {
        do { return try reader.peek() } catch { throw syntax(error) }
    }

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
    mutating func consumeNull() throws(InputError) -> Bool {
        guard try kind() == .null else { return false }
        do { try reader.readNull() } catch { throw syntax(error) }
        return true
    }

    mutating func string() throws(InputError) -> String {
        try expect(.string, "a string")
        do { return try reader.readString() } catch { throw syntax(error) }
    }

    mutating func number() throws(InputError) -> Double {
        try expect(.number, "a number")
        do { return try reader.readNumber() } catch { throw syntax(error) }
    }

    mutating func bool() throws(InputError) -> Bool {
        try expect(.bool, "a boolean")
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

    /// A value of a string enumeration.
    mutating func enumeration<E: RawRepresentable>(_ type: E.Type, _ what: String) throws(InputError) -> E
    where E.RawValue == String {
        let raw = try string()
        guard let value = E(rawValue: raw) else { throw error(.invalidValue, "unknown \(what) \"\(raw)\"") }
        return value
    }

    mutating func skip() throws(InputError) {
        do { try reader.skipValue() } catch { throw syntax(error) }
    }

    mutating func finish() throws(InputError) {
        path.removeAll()
        do { try reader.finish() } catch { throw syntax(error) }
    }

    // MARK: Containers

    /// Calls `body` for each member with the key pushed on the path; rejects duplicate keys.
    mutating func object(_ name: String = "an object", _ body: (inout JSONCursor, JSONKey) throws(InputError) -> Void) throws(InputError) {
        try expect(.object, name)
        do { try reader.beginObject() } catch { throw syntax(error) }
        let base = openKeys.count
        // Objects are small: a linear scan beats hashing until an object gets large.
        var large: Set<String>?
        defer { openKeys.removeSubrange(base...) }
        while true {
            let read: JSONReader.Key?
            do { read = try reader.nextKeyBytes() } catch { throw syntax(error) }
            guard let read else { return }
            let key: JSONKey
            switch read {
            case .bytes(let bytes): key = JSONKey(bytes: bytes)
            case .text(let text): key = JSONKey(bytes: escapedKeys.keep(text))
            }
            push(key)
            let duplicate: Bool
            if large != nil {
                duplicate = !large!.insert(key.description).inserted
            } else {
                duplicate = openKeys[base...].contains { $0 == key }
                openKeys.append(key)
                if openKeys.count - base > 32 { large = Set(openKeys[base...].map(\.description)) }
            }
            if duplicate { throw self.error(.invalidValue, "duplicate key \"\(key)\"") }
            try body(&self, key)
            pop()
        }
    }

    /// Calls `body` for each element with its index pushed on the path.
    mutating func array(_ body: (inout JSONCursor, Int) throws(InputError) -> Void) throws(InputError) {
        try expect(.array, "an array")
        do { try reader.beginArray() } catch { throw syntax(error) }
        var index = 0
        while true {
            let more: Bool
            do { more = try reader.nextElement() } catch { throw syntax(error) }
            guard more else { return }
            push(index)
            try body(&self, index)
            pop()
            index += 1
        }
    }

    /// An array of strings.
    mutating func strings() throws(InputError) -> [String] {
        var out: [String] = []
        try array { c, _ throws(InputError) in out.append(try c.string()) }
        return out
    }
}
