#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an XML document was refused, and where: byte offset plus line and column.
///
/// Lines count from 1; a line ends at LF, CR LF or a lone CR (XML 1.0 §2.11). Columns count
/// from 1 in UTF-16 code units, SARIF's default `columnKind`, so a region we report points
/// at the same character in an editor.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// Not well-formed XML 1.0.
        case syntax
        /// Well-formed but refused by design: a DOCTYPE, an entity other than the predefined
        /// five, an encoding other than UTF-8.
        case forbidden
        /// A bound of `XMLLimits`.
        case limit
        /// Bytes that are not UTF-8, or characters XML does not allow (NUL, most controls).
        case encoding
    }
    public var kind: Kind
    public var message: String
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, _ message: String, offset: Int, line: Int, column: Int) {
        self.kind = kind; self.message = message; self.offset = offset; self.line = line; self.column = column
    }

    public var description: String { "\(message) (at line \(line), column \(column))" }
}

/// Bounds on what one XML document may hold, so hostile input cannot exhaust memory or time.
public struct XMLLimits: Sendable {
    /// Total size of the document in bytes.
    public var maxDocumentBytes = 64 << 20
    /// Elements open at once. The reader keeps them on an explicit stack (it never recurses);
    /// the bound keeps that stack and what importers build from it small.
    public var maxDepth = 1_024
    /// Attributes on one element.
    public var maxAttributes = 256
    /// Bytes of one element or attribute name.
    public var maxNameBytes = 1_024
    /// Raw bytes of one attribute value or one run of text (before references are replaced).
    public var maxValueBytes = 65_536
    public init() {}
    public static let `default` = XMLLimits()
}

/// Line and column (see `XMLError`) of a byte offset.
public struct XMLLocation: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }

    /// Counts from the start of `bytes` to `offset`: only for errors and for
    /// `XMLLineCounter`'s forward steps, never in the reader's hot path.
    public static func of(_ offset: Int, in bytes: UnsafeRawBufferPointer) -> XMLLocation {
        var counter = XMLLineCounter()
        return counter.advance(to: offset, in: bytes)
    }
}

/// Line and column of increasing offsets, in one forward pass over the bytes: an importer
/// asks for the position of every element in document order and pays for each byte once.
public struct XMLLineCounter: Sendable {
    private var offset = 0
    private var line = 1
    /// Column (UTF-16 code units, from 1) of `offset`.
    private var column = 1
    /// The first LF and CR at or after `offset` (the buffer's size when there is none), or
    /// -1 before the first search.
    private var nextLF = -1
    private var nextCR = -1
    /// The bytes before this offset are ASCII: a column each, not counted one by one.
    private let asciiEnd: Int

    public init() { asciiEnd = 0 }

    /// A counter told that the bytes before `asciiBelow` are ASCII (`XMLReader.asciiEnd`).
    public init(asciiBelow: Int) { asciiEnd = asciiBelow }

    /// The location of `target`, which must not be before the last one asked for.
    public mutating func advance(to target: Int, in bytes: UnsafeRawBufferPointer) -> XMLLocation {
        let end = min(target, bytes.count)
        guard let base = bytes.baseAddress else { return XMLLocation(line: line, column: column) }
        var i = offset
        while i < end {
            // Speed: line ends are found by memchr and remembered, so a dump with few lines
            // (UI Automator writes one) is searched once; between them only columns are counted.
            if nextLF < i { nextLF = Self.find(0x0A, in: bytes, from: i) }
            if nextCR < i { nextCR = Self.find(0x0D, in: bytes, from: i) }
            let stop = min(end, nextLF, nextCR)
            column += stop <= asciiEnd ? stop - i : Self.columns(base, from: i, to: stop)
            i = stop
            guard i < end else { break }
            if bytes[i] == 0x0A {
                line += 1; column = 1
            } else if i + 1 >= bytes.count || bytes[i + 1] != 0x0A {
                // CR LF is one line end (counted at the LF); a lone CR ends a line itself.
                line += 1; column = 1
            }
            i += 1
        }
        offset = max(offset, end)
        return XMLLocation(line: line, column: column)
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// UTF-16 code units of the bytes `start..<end`, which hold no line end. Speed: eight bytes
    /// at a time are only or-ed together; when no high bit is set the run is ASCII and its
    /// length is the count, else the bytes are counted one by one.
    private static func columns(_ base: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var i = start
        var seen: UInt64 = 0
        while i + 8 <= end {
            seen |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        var n = 0
        if seen & 0x8080_8080_8080_8080 == 0 {
            n = i - start
        } else {
            i = start
        }
        while i < end {
            // Every byte but continuation bytes starts a scalar; a four-byte sequence (lead byte
            // 0xF0...) is a surrogate pair in UTF-16.
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            if byte & 0xC0 != 0x80 { n += byte >= 0xF0 ? 2 : 1 }
            i += 1
        }
        return n
    }
}
