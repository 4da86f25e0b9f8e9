// multipart/form-data (RFC 7578) as RFC 2046 §5.1.1 frames it: a pure function of the body
// bytes, strict and bounded like the request head parser. Used by POST /v1/audit to take an
// input and its screenshot in one request.
//
//     --BOUNDARY CRLF                      (a preamble before it is ignored)
//     Content-Disposition: form-data; name="input"; filename="login.xml" CRLF
//     Content-Type: application/xml CRLF
//     CRLF
//     ...the part's bytes... CRLF
//     --BOUNDARY CRLF
//     ...
//     --BOUNDARY-- (the close delimiter; an epilogue after it is ignored)

/// One part of a form: its field name, the file name and media type it was sent with, and
/// where its content lies in the body (no copy).
public struct MultipartPart: Sendable, Equatable {
    /// `name` of the part's `Content-Disposition: form-data`.
    public var name: String
    /// `filename`, when the part is a file.
    public var filename: String?
    /// The part's `Content-Type` as sent (media type and parameters), lowercased; nil when absent.
    public var contentType: String?
    /// The content's offsets in the body.
    public var content: Range<Int>
}

/// What one multipart body may hold; the body's own size is bounded by the server already.
public struct MultipartLimits: Sendable {
    /// Most parts (RFC 7578 §7: a form accepting a fixed set of fields may refuse more).
    public var maxParts = 8
    /// Most bytes of one part's header section (its header lines and the empty line).
    public var maxHeaderBytes = 4_096
    public init() {}
}

/// Why a body is not a form we read: what, and the byte offset in the body where it was
/// found (nil for the Content-Type's boundary parameter).
public struct MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int?
    public init(_ message: String, offset: Int? = nil) { self.message = message; self.offset = offset }
    public var description: String { offset.map { "\(message) (at byte \($0) of the body)" } ?? message }
}

public enum Multipart {
    /// The `boundary` parameter of a `multipart/form-data` Content-Type value: 1 to 70
    /// characters of RFC 2046's `bchars` (letters, digits, `'()+_,-./:=?` and space), not
    /// ending in a space; quoted or not. Any other parameter is ignored; a repeated boundary is refused.
    public static func boundary(contentType: String) throws(MultipartError) -> [UInt8] {
        var parameters = try Parameters(Array(contentType.utf8), from: 0, base: nil)
        let media = parameters.value.lowercased()
        guard media == "multipart/form-data" else { throw MultipartError("the Content-Type is \(media), not multipart/form-data") }
        var boundary: [UInt8]?
        while let (name, value) = try parameters.next() {
            guard name == "boundary" else { continue }
            guard boundary == nil else { throw MultipartError("the Content-Type gives the boundary twice") }
            boundary = value
        }
        guard let boundary else { throw MultipartError("the Content-Type multipart/form-data has no boundary parameter") }
        guard (1...70).contains(boundary.count) else {
            throw MultipartError("the boundary is \(boundary.count) characters long; RFC 2046 allows 1 to 70")
        }
        guard boundary.allSatisfy(isBoundaryCharacter), boundary.last != 0x20 else {
            throw MultipartError("the boundary has a character RFC 2046 does not allow (letters, digits, '()+_,-./:=? and inner spaces)")
        }
        return boundary
    }

    static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: Array("'()+_,-./:=? ".utf8).contains(byte)
        }
    }

    /// The parts of `body`, in order. Lines end in CRLF. Refused: no opening delimiter, a
    /// delimiter followed by anything but spaces/tabs and CRLF, a part without the empty line
    /// ending its headers or whose headers exceed `maxHeaderBytes`, a header line without a
    /// colon or with a control character, a part without `Content-Disposition: form-data` and
    /// a `name`, a `Content-Transfer-Encoding` other than 7bit, 8bit or binary, more than
    /// `maxParts` parts, and a body with no close delimiter (`--BOUNDARY--`).
    public static func parts(_ body: UnsafeRawBufferPointer, boundary: [UInt8],
                             limits: MultipartLimits = MultipartLimits()) throws(MultipartError) -> [MultipartPart] {
        let dash = UInt8(ascii: "-"), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        // The first delimiter may start the body; every later one follows a CRLF.
        let delimiter = [cr, lf, dash, dash] + boundary
        let finder = Finder(delimiter)
        var position: Int
        if body.count >= delimiter.count - 2, (0..<(delimiter.count - 2)).allSatisfy({ body[$0] == delimiter[$0 + 2] }) {
            position = delimiter.count - 2
        } else if let found = finder.find(in: body, from: 0) {
            position = found + delimiter.count
        } else {
            throw MultipartError("no delimiter --\(String(decoding: boundary, as: UTF8.self)) opens a part: the body is not the multipart form its Content-Type says", offset: 0)
        }
        var parts: [MultipartPart] = []
        while true {
            // After a delimiter: "--" closes the form; else optional padding, then CRLF.
            if position + 2 <= body.count, body[position] == dash, body[position + 1] == dash { return parts }
            while position < body.count, body[position] == 0x20 || body[position] == 0x09 { position += 1 }
            guard position + 2 <= body.count, body[position] == cr, body[position + 1] == lf else {
                if position >= body.count { throw MultipartError("the body ends after a delimiter, without the close delimiter --\(String(decoding: boundary, as: UTF8.self))--", offset: position) }
                throw MultipartError("a delimiter is followed by something other than CRLF or --", offset: position)
            }
            position += 2
            guard parts.count < limits.maxParts else {
                throw MultipartError("the form has more than \(limits.maxParts) parts", offset: position)
            }
            var part = try header(body, from: &position, limits: limits)
            guard let end = finder.find(in: body, from: position) else {
                throw MultipartError("the part \"\(part.name)\" never ends: the body has no close delimiter --\(String(decoding: boundary, as: UTF8.self))--", offset: position)
            }
            part.content = position..<end
            parts.append(part)
            position = end + delimiter.count
        }
    }

    /// Reads one part's header section, leaving `position` on its content.
    private static func header(_ body: UnsafeRawBufferPointer, from position: inout Int,
                               limits: MultipartLimits) throws(MultipartError) -> MultipartPart {
        let start = position
        var name: String?, filename: String?, contentType: String?
        var sawDisposition = false
        while true {
            let lineStart = position
            var end = position
            while end + 1 < body.count, !(body[end] == 0x0D && body[end + 1] == 0x0A) {
                guard end - start < limits.maxHeaderBytes else {
                    throw MultipartError("a part's headers are longer than \(limits.maxHeaderBytes) bytes", offset: start)
                }
                end += 1
            }
            guard end + 1 < body.count else { throw MultipartError("the body ends inside a part's headers", offset: lineStart) }
            guard end + 2 - start <= limits.maxHeaderBytes else {
                throw MultipartError("a part's headers are longer than \(limits.maxHeaderBytes) bytes", offset: start)
            }
            position = end + 2
            if end == lineStart { break }  // the empty line: the content follows
            let line = Array(UnsafeRawBufferPointer(rebasing: body[lineStart..<end]))
            if let bad = line.firstIndex(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
                throw MultipartError("a part's header line has a control character", offset: lineStart + bad)
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
                throw MultipartError("a part's header line has no field name and colon", offset: lineStart)
            }
            let field = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let valueStart = colon + 1
            switch field {
            case "content-disposition":
                guard !sawDisposition else { throw MultipartError("a part has two Content-Disposition headers", offset: lineStart) }
                sawDisposition = true
                var parameters = try Parameters(line, from: valueStart, base: lineStart)
                guard parameters.value.lowercased() == "form-data" else {
                    throw MultipartError("a part's Content-Disposition is \(parameters.value), not form-data", offset: lineStart)
                }
                var seen = Set<String>()
                while let (key, value) = try parameters.next() {
                    guard seen.insert(key).inserted else { throw MultipartError("a part's Content-Disposition gives \(key) twice", offset: lineStart) }
                    if key == "name" { name = String(decoding: value, as: UTF8.self) }
                    if key == "filename" { filename = String(decoding: value, as: UTF8.self) }
                }
            case "content-type":
                guard contentType == nil else { throw MultipartError("a part has two Content-Type headers", offset: lineStart) }
                contentType = String(decoding: line[valueStart...], as: UTF8.self).trimmed().lowercased()
            case "content-transfer-encoding":
                let coding = String(decoding: line[valueStart...], as: UTF8.self).trimmed().lowercased()
                guard ["7bit", "8bit", "binary"].contains(coding) else {
                    throw MultipartError("a part's Content-Transfer-Encoding is \(coding); send the bytes as they are (binary)", offset: lineStart)
                }
            default: break
            }
        }
        guard sawDisposition, let name else {
            throw MultipartError(sawDisposition ? "a part's Content-Disposition has no name" : "a part has no Content-Disposition: form-data header", offset: start)
        }
        return MultipartPart(name: name, filename: filename, contentType: contentType, content: 0..<0)
    }
}

/// `value; key=token; key="quoted \"string\""` (RFC 9110 §5.6.6 parameters): the value before
/// the first `;`, then each parameter with its key lowercased. Refuses a parameter without
/// `=`, an empty key, and an unterminated quoted string.
struct Parameters {
    let line: [UInt8]
    var index: Int
    /// Where `line` starts in the body, for error offsets (nil: a header value of the request).
    let base: Int?
    private(set) var value = ""

    init(_ line: [UInt8], from start: Int, base: Int?) throws(MultipartError) {
        self.line = line
        self.base = base
        var i = start
        while i < line.count, line[i] != UInt8(ascii: ";") { i += 1 }
        value = String(decoding: line[start..<i], as: UTF8.self).trimmed()
        index = i
    }

    mutating func next() throws(MultipartError) -> (String, [UInt8])? {
        func skipSpace() { while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 } }
        skipSpace()
        guard index < line.count else { return nil }
        guard line[index] == UInt8(ascii: ";") else { throw error("expected ; between parameters") }
        index += 1
        skipSpace()
        if index == line.count { return nil }  // a trailing ";"
        let keyStart = index
        while index < line.count, line[index] != UInt8(ascii: "="), line[index] != UInt8(ascii: ";"), line[index] != 0x20 { index += 1 }
        let key = String(decoding: line[keyStart..<index], as: UTF8.self).lowercased()
        guard !key.isEmpty, index < line.count, line[index] == UInt8(ascii: "=") else { throw error("a parameter has no name=value form") }
        index += 1
        var value: [UInt8] = []
        if index < line.count, line[index] == UInt8(ascii: "\"") {
            index += 1
            while true {
                guard index < line.count else { throw error("a quoted parameter value is not closed") }
                let byte = line[index]
                index += 1
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    guard index < line.count else { throw error("a quoted parameter value is not closed") }
                    value.append(line[index]); index += 1
                } else {
                    value.append(byte)
                }
            }
        } else {
            while index < line.count, line[index] != UInt8(ascii: ";"), line[index] != 0x20, line[index] != 0x09 { value.append(line[index]); index += 1 }
        }
        return (key, value)
    }

    private func error(_ message: String) -> MultipartError {
        MultipartError(base == nil ? "the Content-Type: \(message)" : "a part's Content-Disposition: \(message)", offset: base.map { $0 + index })
    }
}

/// Finds the delimiter in the body (Boyer-Moore-Horspool: the delimiter is at most 74 bytes,
/// and most bytes let the search skip its whole length).
struct Finder {
    let pattern: [UInt8]
    private var shift = [Int](repeating: 0, count: 256)

    init(_ pattern: [UInt8]) {
        self.pattern = pattern
        for i in 0..<256 { shift[i] = pattern.count }
        for i in 0..<(pattern.count - 1) { shift[Int(pattern[i])] = pattern.count - 1 - i }
    }

    func find(in body: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let m = pattern.count
        var i = start
        while i + m <= body.count {
            var j = m - 1
            while body[i + j] == pattern[j] {
                if j == 0 { return i }
                j -= 1
            }
            i += shift[Int(body[i + m - 1])]
        }
        return nil
    }
}

extension String {
    /// Without surrounding spaces and tabs.
    func trimmed() -> String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
