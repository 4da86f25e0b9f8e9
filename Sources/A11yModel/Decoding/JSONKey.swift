import A11yJSON
/// An object key as the decoder sees it: its decoded UTF-8 bytes, which for a key without
/// escapes are the request's own bytes, so matching it against known names makes no String.
/// Valid only while the request buffer and the cursor's `EscapedKeys` are (i.e. during decoding).
package struct JSONKey: CustomStringConvertible, BitwiseCopyable {
    let bytes: UnsafeRawBufferPointer

    /// The key as text (for messages and the rare large-object path).
    package var description: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return JSONReader.sameBytes(pa, pb, count: a.count)
    }

    @inline(__always)
    package static func == (key: JSONKey, name: StaticString) -> Bool {
        key.bytes.count == name.utf8CodeUnitCount
            && name.withUTF8Buffer { equal(key.bytes, UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    static func != (key: JSONKey, name: StaticString) -> Bool { !(key == name) }

    package static func == (a: JSONKey, b: JSONKey) -> Bool { equal(a.bytes, b.bytes) }

    /// Lets `switch key { case "x": ... }` compare bytes.
    @inline(__always)
    package static func ~= (name: StaticString, key: JSONKey) -> Bool { key == name }
}

/// Member names a decoder looks up, each with a bit of its own (at most 64), so duplicate
/// members among them are found with a mask (see `JSONCursor.nextKey(_:known:)`).
protocol KnownKeys {
    static func named(_ key: JSONKey) -> Self?
    var bit: UInt64 { get }
    /// The short names as words, for matching keys without scanning them first.
    static var keyWords: KnownKeyWords<Self> { get }
}

extension KnownKeys where Self: CaseIterable & RawRepresentable, RawValue == String {
    static func makeKeyWords() -> KnownKeyWords<Self> { KnownKeyWords(allCases.map { ($0.rawValue, $0) }) }
}

/// Decoded bytes of keys that had escapes, kept for as long as a cursor (and the locations
/// it saved) may point at them. Escaped keys are rare; each gets its own allocation.
final class EscapedKeys {
    private var storage: [UnsafeMutableRawBufferPointer] = []

    func keep(_ text: String) -> UnsafeRawBufferPointer {
        let utf8 = Array(text.utf8)
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(utf8.count, 1), alignment: 1)
        copy.copyBytes(from: utf8)
        storage.append(copy)
        return UnsafeRawBufferPointer(rebasing: copy[0..<utf8.count])
    }

    deinit { for buffer in storage { buffer.deallocate() } }
}
