import A11yJSON
/// A wire enumeration's names compiled for reading requests: built once from its declaration
/// table, it answers a name by its bytes, with no String made and nothing hashed for the usual
/// spelling. Names of up to 15 bytes are compared as two words (`KnownKeyWords`); longer ones
/// byte for byte.
struct WireLookup<Value: Sendable>: Sendable {
    /// The names of up to 15 bytes, for `JSONReader.compactKnownKey`.
    let words: KnownKeyWords<Value>
    private let long: [(bytes: [UInt8], value: Value)]
    /// The same names as Strings: Swift compares them by canonical equivalence, so a spelling
    /// whose bytes differ (U+212A KELVIN SIGN for "K") still names the value, as it always has.
    private let byName: [String: Value]

    init(_ entries: [(name: String, value: Value)]) {
        words = KnownKeyWords(entries.map { (name: $0.name, key: $0.value) })
        long = entries.filter { $0.name.utf8.count > KnownKeyWords<Value>.maxLength }.map { (Array($0.name.utf8), $0.value) }
        byName = Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value whose name is exactly `name`'s bytes.
    @inline(__always)
    func value(bytes name: JSONKey) -> Value? {
        let bytes = name.bytes, count = bytes.count
        guard count <= KnownKeyWords<Value>.maxLength else { return longValue(name) }
        var low: UInt64 = 0, high: UInt64 = 0
        var i = 0
        while i < count && i < 8 { low |= UInt64(bytes[i]) &<< UInt64(8 * i); i += 1 }
        while i < count { high |= UInt64(bytes[i]) &<< UInt64(8 * (i - 8)); i += 1 }
        return words.key(length: count, low: low, high: high)
    }

    @inline(never)
    private func longValue(_ name: JSONKey) -> Value? {
        for entry in long where entry.bytes.count == name.bytes.count {
            if entry.bytes.withUnsafeBytes({ JSONKey.equal($0, name.bytes) }) { return entry.value }
        }
        return nil
    }

    /// The value named `name` by bytes, else by a canonically equivalent spelling.
    func value(named name: JSONKey) -> Value? { value(bytes: name) ?? byName[name.description] }

    /// The value named `name` (canonical equivalence, as Swift compares Strings).
    func value(named name: String) -> Value? { byName[name] }
}
