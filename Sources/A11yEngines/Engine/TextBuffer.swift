import A11yModel
import A11yText
/// A reusable UTF-8 byte buffer for strings made of several pieces: appending bytes is
/// far cheaper than growing a `String` piece by piece, and the buffer keeps its capacity
/// between strings, so each result costs one allocation (none when it fits a small string).
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    var isEmpty: Bool { bytes.isEmpty }
    var last: UInt8? { bytes.last }

    mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    mutating func append(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if done == nil { bytes.append(contentsOf: s.utf8) }
    }

    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Decimal digits of `n`, without an intermediate `String`.
    mutating func append(_ n: Int) { NumberText.append(n, to: &bytes) }

    /// The bytes as a string (always valid UTF-8: only whole strings are appended).
    func string() -> String { String(decoding: bytes, as: UTF8.self) }
}

extension String {
    /// `pieces.joined(separator:)`, with the bytes copied once into a string of the final
    /// size: `+`, `append` and `joined` cost several times more per piece.
    static func concatenating(_ pieces: [String], separator: String) -> String {
        guard !pieces.isEmpty else { return "" }
        let count = pieces.reduce((pieces.count - 1) * separator.utf8.count) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: count) { out in
            var at = 0
            for n in pieces.indices {
                if n > 0 { separator.copyUTF8(to: out, at: &at) }
                pieces[n].copyUTF8(to: out, at: &at)
            }
            return at
        }
    }

    /// `a + separator + b` the same way, without an array of pieces (composed identifiers).
    static func concatenating(_ a: String, _ separator: UInt8, _ b: String) -> String {
        let count = a.utf8.count + 1 + b.utf8.count
        return String(unsafeUninitializedCapacity: count) { out in
            var at = 0
            a.copyUTF8(to: out, at: &at)
            out[at] = separator
            at += 1
            b.copyUTF8(to: out, at: &at)
            return at
        }
    }

    /// Copies the string's bytes to `at` and moves `at` past them.
    @inline(__always)
    fileprivate func copyUTF8(to out: UnsafeMutableBufferPointer<UInt8>, at: inout Int) {
        let done: Void? = utf8.withContiguousStorageIfAvailable { out.copy($0, at: &at) }
        if done == nil {
            var s = self
            s.withUTF8 { out.copy($0, at: &at) }
        }
    }
}

private extension UnsafeMutableBufferPointer<UInt8> {
    /// Copies `bytes` to `at` and moves `at` past them (the caller sized the buffer).
    @inline(__always)
    func copy(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int) {
        guard let source = bytes.baseAddress else { return }
        (baseAddress! + at).update(from: source, count: bytes.count)
        at += bytes.count
    }
}

extension String {
    /// The text cut to at most `maxBytes` bytes of UTF-8 at a scalar boundary, ending with
    /// `AuditBudget.truncationMarker` when it was cut; itself when it fits. Inlined: every
    /// composed and spoken text passes here, and nearly all fit.
    @inline(__always)
    func truncated(toBytes maxBytes: Int) -> String {
        utf8.count <= maxBytes ? self : cut(toBytes: maxBytes)
    }

    @inline(never)
    private func cut(toBytes maxBytes: Int) -> String {
        let marker = AuditBudget.truncationMarker
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, maxBytes - marker.utf8.count))
        // Back to the start of a scalar: continuation bytes are 10xxxxxx.
        while end > utf8.startIndex && (utf8[end] & 0xC0) == 0x80 { end = utf8.index(before: end) }
        return String(self[..<end]) + marker
    }
}
