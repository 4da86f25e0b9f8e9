#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the reader found next.
public enum XMLEvent: Equatable, Sendable {
    /// An element's start tag: `name`, `attributes` and `isEmptyElement` describe it. An empty
    /// element (`<a/>`) is followed by its `.endElement` like any other.
    case startElement
    /// An end tag (or the end of an empty element): `name` is the element's.
    case endElement
    /// Character data that is not only whitespace, or a CDATA section: `textRange`.
    case text
    /// After the root element and anything allowed behind it.
    case endOfDocument
}

/// One attribute of the current start tag, as byte ranges into the document.
public struct XMLAttribute: Sendable {
    public var name: Range<Int>
    /// The raw value between the quotes.
    public var value: Range<Int>
    /// Whether the raw value holds a reference or a tab / line end that `value(of:)` replaces.
    public var needsDecoding: Bool
    /// `XMLReader.key(of:in:)` of the name, for the duplicate check.
    var nameHash: UInt64 = 0
}

/// A strict, small, non-validating XML 1.0 pull reader over UTF-8 bytes, for documents
/// other tools produce (UI Automator dumps, Appium page sources).
///
/// What it accepts: an optional XML declaration (UTF-8 only), comments, processing
/// instructions (skipped), one root element with attributes, character data, CDATA sections,
/// the five predefined entities and character references. What it refuses, each with its
/// own error and the line and column: a DOCTYPE (so no entity can be declared, which rules
/// out external entities and expansion bombs such as "billion laughs" by construction),
/// any other entity reference, a character reference to a character XML does not allow
/// (NUL, surrogates, most controls), bytes that are not UTF-8, and anything beyond
/// `XMLLimits`. Well-formedness is checked as XML 1.0 asks: matching end tags, unique
/// attribute names, no `<` in values, no `--` in comments, no `]]>` in character data.
///
/// Nothing here recurses: open elements are an explicit stack bounded by `maxDepth`.
/// Names and values are handed out as byte ranges; `string(_:)` and `value(of:)` make a
/// String only of what the caller wants. The caller keeps the buffer alive.
public struct XMLReader {
    public let buffer: UnsafeRawBufferPointer
    public let limits: XMLLimits
    private var position = 0
    private var phase = Phase.prolog
    /// Name ranges of the open elements.
    private var open: [Range<Int>] = []
    /// Set after `<a/>`: the next event is its end.
    private var pendingEnd = false
    /// Bit `key >> 58` of each attribute name of the current tag.
    private var nameFilter: UInt64 = 0

    /// The current element's name (start or end tag).
    public private(set) var name: Range<Int> = 0..<0
    /// The current start tag's attributes, in document order.
    public private(set) var attributes: [XMLAttribute] = []
    /// Whether the current start tag closed itself (`<a/>`).
    public private(set) var isEmptyElement = false
    /// Byte offset of the markup the current event came from (`<` of a tag, first byte of text).
    public private(set) var eventOffset = 0
    /// The current text event's raw bytes.
    public private(set) var textRange: Range<Int> = 0..<0
    /// Whether the current text event is a CDATA section (its bytes are literal).
    public private(set) var textIsCDATA = false
    /// Whether the current text holds references or CR that `text()` replaces.
    public private(set) var textNeedsDecoding = false
    /// The bytes before this offset are all ASCII (known from the first event on; for
    /// `XMLLineCounter(asciiBelow:)`).
    public private(set) var asciiEnd = 0

    private enum Phase { case prolog, inRoot, epilog, done }

    /// Elements open now (the current start tag included).
    public var depth: Int { open.count }

    public init(_ bytes: UnsafeRawBufferPointer, limits: XMLLimits = .default) {
        buffer = bytes
        self.limits = limits
        attributes.reserveCapacity(32)
        open.reserveCapacity(64)
    }

    // MARK: Events

    /// Reads up to the next event.
    public mutating func next() throws(XMLError) -> XMLEvent {
        if pendingEnd {
            pendingEnd = false
            open.removeLast()
            if open.isEmpty { phase = .epilog }
            return .endElement
        }
        switch phase {
        case .prolog:
            try startDocument()
            return try nextOutsideRoot(beforeRoot: true)
        case .epilog:
            return try nextOutsideRoot(beforeRoot: false)
        case .done:
            return .endOfDocument
        case .inRoot:
            return try nextInRoot()
        }
    }

    /// Checks size, encoding and the XML declaration once, before the first event.
    private mutating func startDocument() throws(XMLError) {
        guard buffer.count <= limits.maxDocumentBytes else {
            throw XMLError(.limit, "document larger than \(limits.maxDocumentBytes) bytes", offset: 0, line: 1, column: 1)
        }
        asciiEnd = try XMLCharacters.validate(buffer) { offset, message throws(XMLError) in throw error(.encoding, message, at: offset) }
        // A UTF-8 byte order mark is allowed before the declaration (XML 1.0 §4.3.3, Appendix F).
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
        if startsWith("<?xml", at: position), position + 5 < buffer.count, XMLCharacters.isSpace(buffer[position + 5]) {
            try readDeclaration()
        }
    }

    /// Prolog or epilog: whitespace, comments, processing instructions; the root element once.
    private mutating func nextOutsideRoot(beforeRoot: Bool) throws(XMLError) -> XMLEvent {
        while true {
            skipSpaces()
            guard position < buffer.count else {
                if beforeRoot { throw error(.syntax, "no root element", at: position) }
                phase = .done
                return .endOfDocument
            }
            guard buffer[position] == Ch.lt else {
                throw error(.syntax, beforeRoot ? "expected the root element" : "text after the root element", at: position)
            }
            if startsWith("<!--", at: position) { try skipComment(); continue }
            if startsWith("<?", at: position) { try skipProcessingInstruction(); continue }
            if startsWith("<!DOCTYPE", at: position) {
                throw error(.forbidden, "a DOCTYPE is not accepted (no DTDs, no entity declarations)", at: position)
            }
            if startsWith("<!", at: position) || startsWith("</", at: position) {
                throw error(.syntax, beforeRoot ? "expected the root element" : "markup after the root element", at: position)
            }
            guard beforeRoot else { throw error(.syntax, "a second root element", at: position) }
            phase = .inRoot
            try readStartTag()
            return .startElement
        }
    }

    private mutating func nextInRoot() throws(XMLError) -> XMLEvent {
        while true {
            guard position < buffer.count else {
                throw error(.syntax, "document ends inside element <\(string(open[open.count - 1]))>", at: position)
            }
            if buffer[position] != Ch.lt {
                if try readCharacterData() { return .text }
                continue
            }
            guard position + 1 < buffer.count else { throw error(.syntax, "document ends inside a tag", at: position) }
            switch buffer[position + 1] {
            case Ch.slash:
                try readEndTag()
                if open.isEmpty { phase = .epilog }
                return .endElement
            case Ch.question:
                try skipProcessingInstruction()
            case Ch.bang:
                if startsWith("<!--", at: position) {
                    try skipComment()
                } else if startsWith("<![CDATA[", at: position) {
                    try readCDATA()
                    return .text
                } else if startsWith("<!DOCTYPE", at: position) || startsWith("<!ENTITY", at: position) {
                    throw error(.forbidden, "a DOCTYPE or entity declaration is not accepted", at: position)
                } else {
                    throw error(.syntax, "expected a comment or CDATA section after <!", at: position)
                }
            default:
                try readStartTag()
                return .startElement
            }
        }
    }

    // MARK: Tags

    private mutating func readStartTag() throws(XMLError) {
        eventOffset = position
        guard open.count < limits.maxDepth else {
            throw error(.limit, "elements nested deeper than \(limits.maxDepth) levels", at: position)
        }
        position += 1
        let tagName = try readName("an element name")
        name = tagName
        attributes.removeAll(keepingCapacity: true)
        nameFilter = 0
        while true {
            let hadSpace = skipSpaces()
            guard position < buffer.count else { throw error(.syntax, "document ends inside tag <\(string(tagName))>", at: position) }
            let byte = buffer[position]
            if byte == Ch.gt {
                position += 1
                isEmptyElement = false
                break
            }
            if byte == Ch.slash {
                guard position + 1 < buffer.count, buffer[position + 1] == Ch.gt else {
                    throw error(.syntax, "expected > after / in tag <\(string(tagName))>", at: position + 1)
                }
                position += 2
                isEmptyElement = true
                pendingEnd = true
                break
            }
            guard hadSpace else { throw error(.syntax, "expected whitespace between attributes", at: position) }
            try readAttribute()
        }
        open.append(tagName)
    }

    /// One attribute, from its name at `position` to past its closing quote.
    /// Speed: the scan runs on a local index, stored in `position` at the end (and before a
    /// reference is checked), and every error is made out of line by `attributeError`.
    private mutating func readAttribute() throws(XMLError) {
        let count = buffer.count
        let nameStart = position
        guard attributes.count < limits.maxAttributes else { throw attributeError(.tooMany, nameStart..<nameStart, at: nameStart) }
        guard nameStart < count, XMLCharacters.isNameStart(buffer[nameStart]) else {
            throw attributeError(.noName, nameStart..<nameStart, at: nameStart)
        }
        var at = nameEnd(from: nameStart + 1)
        let attributeName = nameStart..<at
        guard at - nameStart <= limits.maxNameBytes else { throw attributeError(.longName, attributeName, at: nameStart) }
        // A repeated name is an error (XML 1.0 §3.1, "Unique Att Spec"). A 64-bit filter of
        // the names so far: only a hit compares keys, and only equal keys bytes.
        let hash = Self.key(of: attributeName, in: buffer)
        let bit: UInt64 = 1 << (hash >> 58)
        if nameFilter & bit != 0 {
            for other in attributes where other.nameHash == hash && bytesEqual(other.name, attributeName) {
                throw attributeError(.repeated, attributeName, at: nameStart)
            }
        }
        nameFilter |= bit
        while at < count, XMLCharacters.isSpace(buffer[at]) { at += 1 }
        guard at < count, buffer[at] == Ch.equals else { throw attributeError(.noEquals, attributeName, at: at) }
        at += 1
        while at < count, XMLCharacters.isSpace(buffer[at]) { at += 1 }
        guard at < count, buffer[at] == Ch.quote || buffer[at] == Ch.apostrophe else {
            throw attributeError(.noQuote, attributeName, at: at)
        }
        let quote = buffer[at]
        let valueStart = at + 1
        at = valueStart
        var needsDecoding = false
        // Bytes that end the value or need a look: the quote, <, &, and tab / LF / CR, which
        // attribute-value normalisation turns into spaces (XML 1.0 §3.3.3).
        while true {
            at = valueStop(from: at)
            guard at < count else { throw attributeError(.unterminated, attributeName, at: valueStart - 1) }
            let byte = buffer[at]
            if byte == quote { break }
            switch byte {
            case Ch.lt: throw attributeError(.lessThan, attributeName, at: at)
            case Ch.amp:
                position = at
                try checkReference()
                at = position
                needsDecoding = true
            case Ch.tab, Ch.lf, Ch.cr: needsDecoding = true; at += 1
            default: at += 1 // the other quote
            }
        }
        guard at - valueStart <= limits.maxValueBytes else { throw attributeError(.longValue, attributeName, at: valueStart) }
        attributes.append(XMLAttribute(name: attributeName, value: valueStart..<at, needsDecoding: needsDecoding, nameHash: hash))
        position = at + 1
    }

    private enum AttributeProblem { case tooMany, noName, longName, repeated, noEquals, noQuote, unterminated, lessThan, longValue }

    /// The error of attribute `attribute` (its name's bytes) of the current tag, at `offset`.
    @inline(never)
    private func attributeError(_ problem: AttributeProblem, _ attribute: Range<Int>, at offset: Int) -> XMLError {
        let name = string(attribute)
        switch problem {
        case .tooMany: return error(.limit, "more than \(limits.maxAttributes) attributes on element <\(string(self.name))>", at: offset)
        case .noName: return error(.syntax, "expected an attribute name", at: offset)
        case .longName: return error(.limit, "name longer than \(limits.maxNameBytes) bytes", at: offset)
        case .repeated: return error(.syntax, "attribute \(name) repeated on element <\(string(self.name))>", at: offset)
        case .noEquals: return error(.syntax, "expected = after attribute \(name)", at: offset)
        case .noQuote: return error(.syntax, "expected a quoted value for attribute \(name)", at: offset)
        case .unterminated: return error(.syntax, "document ends inside the value of attribute \(name)", at: offset)
        case .lessThan: return error(.syntax, "< in the value of attribute \(name)", at: offset)
        case .longValue: return error(.limit, "value of attribute \(name) longer than \(limits.maxValueBytes) bytes", at: offset)
        }
    }

    private mutating func readEndTag() throws(XMLError) {
        eventOffset = position
        position += 2
        let endName = try readName("an element name")
        skipSpaces()
        guard position < buffer.count, buffer[position] == Ch.gt else {
            throw error(.syntax, "expected > to end tag </\(string(endName))>", at: position)
        }
        let expected = open[open.count - 1]
        guard bytesEqual(expected, endName) else {
            throw error(.syntax, "end tag </\(string(endName))> does not match <\(string(expected))>", at: eventOffset)
        }
        position += 1
        name = endName
        open.removeLast()
    }

    /// An XML Name (XML 1.0 §2.3): a name-start character, then name characters. Bytes of
    /// multi-byte characters are accepted as name characters (they are valid UTF-8 already).
    private mutating func readName(_ what: String) throws(XMLError) -> Range<Int> {
        let start = position
        guard position < buffer.count, XMLCharacters.isNameStart(buffer[position]) else {
            throw error(.syntax, "expected \(what)", at: position)
        }
        position = nameEnd(from: position + 1)
        guard position - start <= limits.maxNameBytes else {
            throw error(.limit, "name longer than \(limits.maxNameBytes) bytes", at: start)
        }
        return start..<position
    }

    // MARK: Content

    /// Character data up to the next `<`; true when it is not only whitespace (an event).
    private mutating func readCharacterData() throws(XMLError) -> Bool {
        let start = position
        var onlySpace = true
        var needsDecoding = false
        while position < buffer.count {
            let byte = buffer[position]
            if byte == Ch.lt { break }
            switch byte {
            case Ch.amp:
                try checkReference()
                needsDecoding = true; onlySpace = false
                continue
            case Ch.cr: needsDecoding = true
            case Ch.space, Ch.tab, Ch.lf: break
            case Ch.closeBracket:
                onlySpace = false
                if startsWith("]]>", at: position) { throw error(.syntax, "]]> in character data", at: position) }
            default: onlySpace = false
            }
            position += 1
        }
        guard position - start <= limits.maxValueBytes else {
            throw error(.limit, "text longer than \(limits.maxValueBytes) bytes", at: start)
        }
        if onlySpace { return false }
        eventOffset = start
        textRange = start..<position
        textIsCDATA = false
        textNeedsDecoding = needsDecoding
        return true
    }

    private mutating func readCDATA() throws(XMLError) {
        eventOffset = position
        let start = position + 9
        guard let end = find("]]>", from: start) else { throw error(.syntax, "unterminated CDATA section", at: position) }
        guard end - start <= limits.maxValueBytes else {
            throw error(.limit, "CDATA section longer than \(limits.maxValueBytes) bytes", at: position)
        }
        textRange = start..<end
        textIsCDATA = true
        textNeedsDecoding = buffer[textRange].contains(Ch.cr)
        position = end + 3
    }

    /// `<!-- ... -->`; `--` may not occur inside (XML 1.0 §2.5).
    private mutating func skipComment() throws(XMLError) {
        let start = position
        guard let dashes = find("--", from: position + 4) else { throw error(.syntax, "unterminated comment", at: start) }
        guard dashes + 2 < buffer.count, buffer[dashes + 2] == Ch.gt else {
            throw error(.syntax, "-- inside a comment", at: dashes)
        }
        position = dashes + 3
    }

    /// `<?target ...?>`, skipped. The target `xml` (any case) is reserved for the declaration.
    private mutating func skipProcessingInstruction() throws(XMLError) {
        let start = position
        position += 2
        let target = try readName("a processing instruction target")
        if target.count == 3, (buffer[target.lowerBound] | 0x20) == Ch.x, (buffer[target.lowerBound + 1] | 0x20) == Ch.m,
           (buffer[target.lowerBound + 2] | 0x20) == Ch.l {
            throw error(.syntax, "an XML declaration is only allowed at the very start", at: start)
        }
        guard let end = find("?>", from: target.upperBound) else {
            throw error(.syntax, "unterminated processing instruction", at: start)
        }
        if end > target.upperBound, !XMLCharacters.isSpace(buffer[target.upperBound]) {
            throw error(.syntax, "expected whitespace after the processing instruction target", at: target.upperBound)
        }
        position = end + 2
    }

    /// `<?xml version="1.x" encoding="..." standalone="yes|no"?>` (XML 1.0 §2.8, §4.3.3).
    private mutating func readDeclaration() throws(XMLError) {
        let start = position
        position += 5
        var seen = 0
        while true {
            let hadSpace = skipSpaces()
            guard position < buffer.count else { throw error(.syntax, "unterminated XML declaration", at: start) }
            if startsWith("?>", at: position) { position += 2; break }
            guard hadSpace else { throw error(.syntax, "expected whitespace in the XML declaration", at: position) }
            let keyStart = position
            let key = try readName("version, encoding or standalone")
            skipSpaces()
            guard position < buffer.count, buffer[position] == Ch.equals else {
                throw error(.syntax, "expected = in the XML declaration", at: position)
            }
            position += 1
            skipSpaces()
            guard position < buffer.count, buffer[position] == Ch.quote || buffer[position] == Ch.apostrophe else {
                throw error(.syntax, "expected a quoted value in the XML declaration", at: position)
            }
            let quote = buffer[position]
            let valueStart = position + 1
            guard let valueEnd = buffer[valueStart...].firstIndex(of: quote) else {
                throw error(.syntax, "unterminated XML declaration", at: start)
            }
            let value = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[valueStart..<valueEnd]), as: UTF8.self)
            position = valueEnd + 1
            // The pseudo-attributes come in this order, version first and required.
            switch string(key) {
            case "version" where seen == 0:
                guard value.hasPrefix("1."), value.count > 2, value.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) }) else {
                    throw error(.syntax, "XML version \(value) is not 1.x", at: valueStart)
                }
                seen = 1
            case "encoding" where seen == 1:
                guard value.lowercased() == "utf-8" || value.lowercased() == "utf8" else {
                    throw error(.forbidden, "encoding \(value) is not accepted (UTF-8 only)", at: valueStart)
                }
                seen = 2
            case "standalone" where (1...2).contains(seen):
                guard value == "yes" || value == "no" else {
                    throw error(.syntax, "standalone must be yes or no", at: valueStart)
                }
                seen = 3
            default:
                throw error(.syntax, "unexpected \(string(key)) in the XML declaration", at: keyStart)
            }
        }
        guard seen > 0 else { throw error(.syntax, "the XML declaration has no version", at: start) }
    }

    /// At `&`: checks one reference (predefined entity or character reference) and moves past it.
    private mutating func checkReference() throws(XMLError) {
        let start = position
        guard let (_, length) = XMLCharacters.reference(in: buffer, at: start) else {
            // Name the problem precisely: an unknown entity, a bad character, or a bare &.
            if start + 1 < buffer.count, buffer[start + 1] == Ch.hash {
                throw error(.syntax, "invalid character reference (not a character XML allows)", at: start)
            }
            var end = start + 1
            while end < buffer.count, end - start < 64, XMLCharacters.isNameByte(buffer[end]) { end += 1 }
            if end > start + 1, end < buffer.count, buffer[end] == Ch.semicolon {
                let entity = string(start + 1..<end)
                throw error(.forbidden, "entity &\(entity); is not accepted (only &amp; &lt; &gt; &quot; &apos; and character references)", at: start)
            }
            throw error(.syntax, "& not followed by a reference (write &amp;)", at: start)
        }
        position = start + length
    }

    // MARK: Values

    /// The bytes of `range` as a String, as they are (names, values without references).
    public func string(_ range: Range<Int>) -> String {
        // Most values of a dump are empty (`text=""`, `content-desc=""`): no decoding for them.
        if range.isEmpty { return "" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// An attribute's value with references replaced and tab / line ends as spaces (XML 1.0 §3.3.3).
    public func value(of attribute: XMLAttribute) -> String {
        attribute.needsDecoding ? decode(attribute.value, attribute: true) : string(attribute.value)
    }

    /// The current text event's characters (references replaced, line ends as LF).
    public func text() -> String {
        if textIsCDATA { return textNeedsDecoding ? decode(textRange, attribute: false, references: false) : string(textRange) }
        return textNeedsDecoding ? decode(textRange, attribute: false) : string(textRange)
    }

    /// The first attribute of the current start tag named `attributeName`.
    public func attribute(_ attributeName: StaticString) -> XMLAttribute? {
        attributes.first { equals($0.name, attributeName) }
    }

    /// Whether the bytes of `range` are `literal`. Inlinable: importers call it for every
    /// attribute name they know, and a call costs more than the comparison.
    @inlinable @inline(__always)
    public func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        // Names are short: a byte loop beats a call to memcmp.
        let bytes = buffer.baseAddress! + range.lowerBound, expected = literal.utf8Start
        for i in 0..<range.count where bytes.load(fromByteOffset: i, as: UInt8.self) != expected[i] { return false }
        return true
    }

    private func decode(_ range: Range<Int>, attribute: Bool, references: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = buffer[i]
            if byte == Ch.amp && references, let (scalar, length) = XMLCharacters.reference(in: buffer, at: i) {
                // Character references are not normalised (that is how a value keeps a newline).
                XMLCharacters.appendUTF8(scalar, to: &out)
                i += length
                continue
            }
            if byte == Ch.cr {
                // CR LF and a lone CR are one line end (XML 1.0 §2.11).
                if i + 1 < range.upperBound && buffer[i + 1] == Ch.lf { i += 1 }
                out.append(attribute ? Ch.space : Ch.lf)
            } else if attribute && (byte == Ch.lf || byte == Ch.tab) {
                out.append(Ch.space)
            } else {
                out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Bytes

    /// Inlined with the test of the first byte up front: between attributes there is mostly one
    /// space, and around `=` none.
    @inline(__always) @discardableResult
    private mutating func skipSpaces() -> Bool {
        guard position < buffer.count, XMLCharacters.isSpace(buffer[position]) else { return false }
        var at = position + 1
        while at < buffer.count, XMLCharacters.isSpace(buffer[at]) { at += 1 }
        position = at
        return true
    }

    /// The first offset at or after `offset` holding a byte that is no name character.
    /// Speed: letters and `-` (all of most names) eight bytes at a time; the loop keeps a
    /// local index in a register instead of storing `position` each byte.
    @inline(__always)
    private func nameEnd(from offset: Int) -> Int {
        let count = buffer.count
        var at = offset
        while at < count {
            if at + 8 <= count, let base = buffer.baseAddress {
                let run = XMLCharacters.letterRun(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                at += run
                if run == 8 { continue }
            }
            guard at < count, XMLCharacters.isNameByte(buffer[at]) else { break }
            at += 1
        }
        return at
    }

    /// The first offset at or after `offset` holding a byte that ends an attribute value or
    /// needs a look (`XMLCharacters.isPlainValueByte`), or the end of the buffer.
    /// Speed: eight bytes at a time, each a "has a zero byte" test per stop byte (the lowest
    /// flagged byte of such a test is always a real hit, so the count of trailing zero bits
    /// finds it); bytes below 0x20 by one subtraction, as `XMLCharacters.validate` does.
    @inline(__always)
    private func valueStop(from offset: Int) -> Int {
        let count = buffer.count
        var at = offset
        if let base = buffer.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            @inline(__always) func zeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & high }
            while at + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let stops = zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x26)) | zeroByte(word ^ (ones &* 0x27))
                    | zeroByte(word ^ (ones &* 0x3C)) | ((word &- ones &* 0x20) & ~word & high)
                if stops != 0 { return at + stops.trailingZeroBitCount >> 3 }
                at += 8
            }
        }
        while at < count, XMLCharacters.isPlainValueByte(buffer[at]) { at += 1 }
        return at
    }

    /// A key of the bytes `range` of `buffer` (an attribute name for the duplicate check, a
    /// class name for an importer's table): their length and their first and last eight
    /// bytes, mixed. Equal bytes have equal keys; a shared key is confirmed by `bytesEqual`.
    /// Speed: two loads instead of a hash step per byte.
    @inline(__always)
    package static func key(of range: Range<Int>, in buffer: UnsafeRawBufferPointer) -> UInt64 {
        let n = range.count
        guard n > 0, let base = buffer.baseAddress else { return 0 }
        // The first eight bytes (fewer, zero-filled, for a shorter name) and, for a longer
        // one, the last eight: the same words whether or not eight bytes follow the start.
        var first: UInt64 = 0
        if range.lowerBound + 8 <= buffer.count {
            first = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self))
            if n < 8 { first &= (1 << (UInt64(n) * 8)) - 1 }
        } else {
            for k in 0..<min(n, 8) { first |= UInt64(buffer[range.lowerBound + k]) << (UInt64(k) * 8) }
        }
        var key = UInt64(n) ^ first &* 0x9E37_79B9_7F4A_7C15
        if n > 8 { key ^= UInt64(littleEndian: base.loadUnaligned(fromByteOffset: range.upperBound - 8, as: UInt64.self)) }
        return key &* 0x9E37_79B9_7F4A_7C15
    }

    /// Whether the bytes `a` and `b` of `buffer` are the same.
    package static func bytesEqual(_ a: Range<Int>, _ b: Range<Int>, in buffer: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let base = buffer.baseAddress, !a.isEmpty else { return true }
        return memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
    }

    private func startsWith(_ literal: StaticString, at offset: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard offset >= 0, offset + n <= buffer.count else { return false }
        return memcmp(buffer.baseAddress! + offset, literal.utf8Start, n) == 0
    }

    /// Offset of the first occurrence of `literal` at or after `offset`.
    private func find(_ literal: StaticString, from offset: Int) -> Int? {
        let first = literal.utf8Start[0], n = literal.utf8CodeUnitCount
        var i = offset
        while i + n <= buffer.count {
            guard let base = buffer.baseAddress, let hit = memchr(base + i, Int32(first), buffer.count - i) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if at + n > buffer.count { return nil }
            if memcmp(base + at, literal.utf8Start, n) == 0 { return at }
            i = at + 1
        }
        return nil
    }

    private func bytesEqual(_ a: Range<Int>, _ b: Range<Int>) -> Bool { Self.bytesEqual(a, b, in: buffer) }

    /// An error at `offset`, with its line and column counted now (errors only).
    private func error(_ kind: XMLError.Kind, _ message: String, at offset: Int) -> XMLError {
        let location = XMLLocation.of(offset, in: buffer)
        return XMLError(kind, message, offset: offset, line: location.line, column: location.column)
    }
}

/// ASCII bytes the XML reader compares against.
enum Ch {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20
    static let bang: UInt8 = 0x21, quote: UInt8 = 0x22, hash: UInt8 = 0x23, amp: UInt8 = 0x26, apostrophe: UInt8 = 0x27
    static let slash: UInt8 = 0x2F, semicolon: UInt8 = 0x3B, lt: UInt8 = 0x3C, equals: UInt8 = 0x3D, gt: UInt8 = 0x3E
    static let question: UInt8 = 0x3F, closeBracket: UInt8 = 0x5D, x: UInt8 = 0x78, m: UInt8 = 0x6D, l: UInt8 = 0x6C
}
