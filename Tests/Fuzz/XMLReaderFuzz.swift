// libFuzzer target: XMLReader. Every input either reads to the end or throws an XMLError whose
// line and column agree with its offset (counted byte by byte here, as the reader's counter
// does by words and memchr; every start tag's location too); start and end events balance and never exceed the
// depth limit; a document that reads is written back (names, decoded values and text escaped)
// and must read back to the same events. Built by Scripts/fuzz.sh against the A11yXML target;
// not a SwiftPM target.

import A11yXML

@inline(never) func require(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz property violated: \(what)") }
}

/// The events of `bytes` as text (one string per event), or the error.
func readEvents(_ bytes: UnsafeRawBufferPointer, limits: XMLLimits) -> Result<[String], XMLError> {
    var reader = XMLReader(bytes, limits: limits)
    var events: [String] = []
    var depth = 0
    var counter = XMLLineCounter()
    var plain = PlainLocation()
    do throws(XMLError) {
        while true {
            switch try reader.next() {
            case .startElement:
                let location = counter.advance(to: reader.eventOffset, in: bytes)
                require(location == plain.advance(to: reader.eventOffset, in: bytes), "start tag location matches a byte-by-byte count")
                depth += 1
                require(depth == reader.depth && depth <= limits.maxDepth, "depth follows start tags")
                var event = "<" + reader.string(reader.name)
                for attribute in reader.attributes {
                    event += " " + reader.string(attribute.name) + "=\"" + escape(reader.value(of: attribute)) + "\""
                }
                events.append(event + ">")
            case .endElement:
                depth -= 1
                require(depth >= 0, "end tags balance")
                events.append("</" + reader.string(reader.name) + ">")
            case .text:
                events.append(escape(reader.text()))
            case .endOfDocument:
                require(depth == 0, "document ends with no open element")
                return .success(events)
            }
        }
    } catch {
        var fromStart = PlainLocation()
        let location = fromStart.advance(to: error.offset, in: bytes)
        require(location.line == error.line && location.column == error.column, "error location matches its offset")
        require(error.offset >= 0 && error.offset <= bytes.count, "error offset inside the document")
        return .failure(error)
    }
}

/// Line and column counted one byte at a time, the plain way: lines end at LF, CR LF or a
/// lone CR; columns count UTF-16 units (a four-byte sequence is two).
struct PlainLocation {
    var offset = 0, line = 1, column = 1

    mutating func advance(to target: Int, in bytes: UnsafeRawBufferPointer) -> XMLLocation {
        while offset < min(target, bytes.count) {
            let byte = bytes[offset]
            if byte == 0x0A || (byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) {
                line += 1; column = 1
            } else if byte != 0x0D && byte & 0xC0 != 0x80 {
                column += byte >= 0xF0 ? 2 : 1
            }
            offset += 1
        }
        return XMLLocation(line: line, column: column)
    }
}

/// Text as XML character data / attribute value: the characters that would change meaning
/// or be normalised are written as references.
func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "&": out += "&amp;"
        case "\"": out += "&quot;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        case "\t": out += "&#9;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var limits = XMLLimits()
    limits.maxDepth = 64
    limits.maxValueBytes = 4_096
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard case .success(let events) = readEvents(bytes, limits: limits) else { return 0 }
    // Adjacent text events (text, CDATA, text) are one run of characters once written back,
    // and a run of spaces only (from CDATA) is then whitespace, which is no event.
    // Tags are told from text by their first byte, not `hasPrefix("<")`: a combining mark
    // after "<" joins it into one Character, and the String would not have that prefix.
    func isTag(_ event: String) -> Bool { event.utf8.first == 0x3C }
    var merged: [String] = []
    for event in events {
        if !isTag(event), let last = merged.last, !isTag(last) { merged[merged.count - 1] = last + event } else { merged.append(event) }
    }
    merged.removeAll { !isTag($0) && $0.utf8.allSatisfy { $0 == 0x20 } }
    let written = Array(merged.joined().utf8)
    var relaxed = limits
    relaxed.maxValueBytes = 1 << 20
    let again = written.withUnsafeBytes { readEvents($0, limits: relaxed) }
    guard case .success(let reread) = again else { fatalError("fuzz property violated: written document does not read back: \(again)") }
    require(reread == merged, "written document reads back to the same events")
    return 0
}
