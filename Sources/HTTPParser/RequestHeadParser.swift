/// What one parse attempt found.
public enum HeadParseResult: Equatable, Sendable {
    /// The bytes are a valid prefix of a head; read more.
    case needMore
    /// `head` holds a complete, validated request head of `head.length` bytes.
    case complete
    case failed(ParseError)
}

/// Incremental HTTP/1.1 request-head parser (RFC 9112 §2-§3, §5, §6; RFC 9110 §5).
/// A pure function of the bytes: call it again from the start when more bytes arrive,
/// passing how many bytes the previous call saw so an incomplete line is not rescanned.
/// Strict where leniency enables smuggling: bare CR or LF, obs-fold, whitespace before
/// a colon, and conflicting framing are all rejected.
public enum RequestHeadParser {
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, previousLength: Int = 0, limits: HeadLimits, into head: inout RequestHead
    ) -> HeadParseResult {
        let count = bytes.count
        // Rescanning only when a line ended or a limit was crossed keeps a byte-at-a-time
        // client from costing quadratic time. Other errors inside the line then surface at its
        // end, except control bytes: no head holds them, so they are rejected as soon as
        // they arrive.
        if previousLength > 0, previousLength < count, count <= limits.maxHeadBytes {
            var rescan = false
            for index in previousLength..<count where bytes[index] == ByteClass.lf || ByteClass.isForbiddenControl(bytes[index]) {
                rescan = true
                break
            }
            if !rescan { return .needMore }
        }
        head.reset()
        let result = scan(bytes, limits: limits, into: &head)
        if case .needMore = result, count > limits.maxHeadBytes {
            return .failed(ParseError(431, "request header section too large"))
        }
        if case .complete = result, head.length > limits.maxHeadBytes {
            return .failed(ParseError(431, "request header section too large"))
        }
        if case .complete = result {
            if let error = interpretFields(bytes, limits: limits, head: &head) { return .failed(error) }
        }
        return result
    }

    // MARK: - Syntax

    private static func scan(
        _ p: UnsafeRawBufferPointer, limits: HeadLimits, into head: inout RequestHead
    ) -> HeadParseResult {
        let n = p.count
        var i = 0
        // RFC 9112 §2.2: ignore empty lines before the request line.
        while i < n, p[i] == ByteClass.cr || p[i] == ByteClass.lf {
            if p[i] == ByteClass.lf { return .failed(ParseError(400, "bare LF before the request line")) }
            if i + 1 == n { return .needMore }
            if p[i + 1] != ByteClass.lf { return .failed(ParseError(400, "bare CR before the request line")) }
            i += 2
            if i > 64 { return .failed(ParseError(400, "too many empty lines before the request line")) }
        }

        // method SP
        let methodStart = i
        while i < n, ByteClass.isToken(p[i]) { i += 1 }
        // RFC 9112 §3: a method longer than any we serve is 501; any other token goes to the router.
        if i - methodStart > 24 { return .failed(ParseError(501, "method not implemented")) }
        if i == n { return .needMore }
        guard p[i] == ByteClass.sp, i > methodStart else {
            return .failed(ParseError(400, "malformed request line"))
        }
        head.method = HTTPMethod.recognise(p, from: methodStart, to: i)
        i += 1

        // request-target SP: visible ASCII only.
        let targetStart = i
        var query = -1
        while i < n, p[i] > ByteClass.sp, p[i] < 0x7F {
            if query < 0, p[i] == UInt8(ascii: "?") { query = i }
            i += 1
        }
        if i - targetStart > limits.maxTargetBytes { return .failed(ParseError(414, "request target too long")) }
        if i == n { return .needMore }
        guard p[i] == ByteClass.sp, i > targetStart else {
            return .failed(ParseError(400, "malformed request target"))
        }
        head.targetStart = targetStart
        head.targetEnd = i
        let pathLimit = query >= 0 ? query : i
        guard let path = pathRange(p, targetStart, pathLimit) else {
            return .failed(ParseError(400, "malformed request target"))
        }
        head.pathStart = path.start
        head.pathEnd = path.end
        i += 1

        // HTTP-version CRLF: exactly "HTTP/" DIGIT "." DIGIT.
        let version: StaticString = "HTTP/"
        for k in 0..<5 {
            if i + k == n { return .needMore }
            if p[i + k] != version.utf8Start[k] { return .failed(ParseError(400, "malformed HTTP version")) }
        }
        i += 5
        if n - i < 5 {
            // Check what is there so a garbage version fails without waiting.
            if i < n, !isDigit(p[i]) { return .failed(ParseError(400, "malformed HTTP version")) }
            if i + 1 < n, p[i + 1] != UInt8(ascii: ".") { return .failed(ParseError(400, "malformed HTTP version")) }
            if i + 2 < n, !isDigit(p[i + 2]) { return .failed(ParseError(400, "malformed HTTP version")) }
            if i + 3 < n, p[i + 3] != ByteClass.cr { return .failed(ParseError(400, "malformed request line")) }
            return .needMore
        }
        guard isDigit(p[i]), p[i + 1] == UInt8(ascii: "."), isDigit(p[i + 2]) else {
            return .failed(ParseError(400, "malformed HTTP version"))
        }
        guard p[i + 3] == ByteClass.cr, p[i + 4] == ByteClass.lf else {
            return .failed(ParseError(400, "malformed request line"))
        }
        let major = Int(p[i] - 0x30)
        guard major == 1 else { return .failed(ParseError(505, "HTTP version not supported")) }
        head.versionMinor = Int(p[i + 2] - 0x30)
        i += 5

        // field-line CRLF ... CRLF
        while true {
            if i == n { return .needMore }
            let first = p[i]
            if first == ByteClass.cr {
                if i + 1 == n { return .needMore }
                guard p[i + 1] == ByteClass.lf else { return .failed(ParseError(400, "bare CR in header section")) }
                head.length = i + 2
                return .complete
            }
            if first == ByteClass.sp || first == ByteClass.htab {
                return .failed(ParseError(400, "obsolete line folding or leading whitespace in header section"))
            }
            let nameStart = i
            while i < n, ByteClass.isToken(p[i]) { i += 1 }
            if i == n { return .needMore }
            guard p[i] == UInt8(ascii: ":"), i > nameStart else {
                return .failed(ParseError(400, "malformed header field name"))
            }
            let nameEnd = i
            i += 1
            while i < n, p[i] == ByteClass.sp || p[i] == ByteClass.htab { i += 1 }
            let valueStart = i
            var valueEnd = i
            while i < n {
                let byte = p[i]
                if byte == ByteClass.cr { break }
                guard ByteClass.isFieldContent(byte) else {
                    return .failed(ParseError(400, "invalid character in header field value"))
                }
                i += 1
                if byte != ByteClass.sp, byte != ByteClass.htab { valueEnd = i }
            }
            if i + 1 >= n { return .needMore }
            guard p[i + 1] == ByteClass.lf else { return .failed(ParseError(400, "bare CR in header field")) }
            if head.headers.count == limits.maxHeaderCount {
                return .failed(ParseError(431, "too many header fields"))
            }
            head.headers.append(HeaderField(
                nameStart: Int32(nameStart), nameEnd: Int32(nameEnd),
                valueStart: Int32(valueStart), valueEnd: Int32(valueEnd)))
            i += 2
        }
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The path of origin-form ("/a/b") or absolute-form ("http://host/a/b") targets.
    private static func pathRange(_ p: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> (start: Int, end: Int)? {
        if p[start] == UInt8(ascii: "/") { return (start, end) }
        if end - start == 1, p[start] == UInt8(ascii: "*") { return (start, end) }
        for scheme: StaticString in ["http://", "https://"] {
            let length = scheme.utf8CodeUnitCount
            guard end - start >= length, p.equalsLowercased(start, start + length, scheme) else { continue }
            var slash = start + length
            while slash < end, p[slash] != UInt8(ascii: "/") { slash += 1 }
            // "http://host" alone: the path is empty; routing treats it as "/" is not needed here.
            return (slash, end)
        }
        return nil
    }

    // MARK: - Field semantics

    private static func interpretFields(
        _ p: UnsafeRawBufferPointer, limits: HeadLimits, head: inout RequestHead
    ) -> ParseError? {
        var hosts = 0
        var contentLength: Int?
        var transferEncoding = TransferCodings()
        var connectionClose = false
        var connectionKeepAlive = false
        for field in head.headers {
            let nameStart = Int(field.nameStart), nameEnd = Int(field.nameEnd)
            let valueStart = Int(field.valueStart), valueEnd = Int(field.valueEnd)
            switch nameEnd - nameStart {
            case 4 where p.equalsLowercased(nameStart, nameEnd, "host"):
                hosts += 1
                guard isValidHost(p, valueStart, valueEnd) else { return ParseError(400, "invalid Host header") }
            case 14 where p.equalsLowercased(nameStart, nameEnd, "content-length"):
                switch parseContentLength(p, valueStart, valueEnd) {
                case .failure(let error): return error
                case .success(let value):
                    if let previous = contentLength, previous != value {
                        return ParseError(400, "conflicting Content-Length")
                    }
                    contentLength = value
                }
            case 17 where p.equalsLowercased(nameStart, nameEnd, "transfer-encoding"):
                if let error = transferEncoding.add(p, valueStart, valueEnd) { return error }
            case 10 where p.equalsLowercased(nameStart, nameEnd, "connection"):
                forEachListElement(p, valueStart, valueEnd) { start, end in
                    if p.equalsLowercased(start, end, "close") { connectionClose = true }
                    if p.equalsLowercased(start, end, "keep-alive") { connectionKeepAlive = true }
                }
            case 6 where p.equalsLowercased(nameStart, nameEnd, "expect"):
                guard p.equalsLowercased(valueStart, valueEnd, "100-continue") else {
                    return ParseError(417, "only the 100-continue expectation is supported")
                }
                // RFC 9110 §10.1.1: an HTTP/1.0 client never gets a 100.
                head.expectContinue = head.versionMinor >= 1
            default:
                break
            }
        }
        if head.versionMinor >= 1 {
            if hosts == 0 { return ParseError(400, "missing Host header") }
        }
        if hosts > 1 { return ParseError(400, "repeated Host header") }

        if transferEncoding.present {
            if head.versionMinor == 0 { return ParseError(400, "Transfer-Encoding in an HTTP/1.0 request") }
            if contentLength != nil { return ParseError(400, "both Content-Length and Transfer-Encoding") }
            if let error = transferEncoding.verdict() { return error }
            head.framing = .chunked
        } else if let length = contentLength {
            if length > limits.maxBodyBytes { return ParseError(413, "request body too large") }
            head.framing = length > 0 ? .contentLength(length) : .none
        }
        head.keepAlive = head.versionMinor >= 1 ? !connectionClose : (connectionKeepAlive && !connectionClose)
        return nil
    }

    /// RFC 9110 §7.2 with RFC 3986 §3.2.2-3: `uri-host [ ":" port ]`, where uri-host is an
    /// IP-literal in brackets (IPv6 or IPvFuture characters) or a reg-name (an IPv4 address
    /// is one too); empty is allowed (a target without authority, RFC 9112 §3.2).
    static func isValidHost(_ p: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var i = start
        if i < end, p[i] == UInt8(ascii: "[") {
            i += 1
            let literalStart = i
            while i < end, p[i] != UInt8(ascii: "]") {
                guard isUnreserved(p[i]) || isSubDelim(p[i]) || p[i] == UInt8(ascii: ":") else { return false }
                i += 1
            }
            guard i < end, i > literalStart else { return false }
            i += 1
        } else {
            while i < end, p[i] != UInt8(ascii: ":") {
                if p[i] == UInt8(ascii: "%") {
                    guard i + 2 < end, isHex(p[i + 1]), isHex(p[i + 2]) else { return false }
                    i += 3
                    continue
                }
                guard isUnreserved(p[i]) || isSubDelim(p[i]) else { return false }
                i += 1
            }
        }
        guard i < end else { return true }
        guard p[i] == UInt8(ascii: ":") else { return false }
        i += 1
        guard end - i <= 5 else { return false }
        while i < end {
            guard isDigit(p[i]) else { return false }
            i += 1
        }
        return true
    }

    @inline(__always) private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    @inline(__always) private static func isUnreserved(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return isDigit(byte) || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    @inline(__always) private static func isSubDelim(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="): true
        default: false
        }
    }

    private static func parseContentLength(_ p: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Result<Int, ParseError> {
        // RFC 9112 §6.3: a list of identical valid values may be taken as one.
        var value: Int?
        var failure: ParseError?
        var elements = 0
        forEachListElement(p, start, end, keepEmpty: true) { s, e in
            elements += 1
            guard failure == nil else { return }
            guard e > s else { failure = ParseError(400, "invalid Content-Length"); return }
            var number = 0
            for k in s..<e {
                let byte = p[k]
                guard isDigit(byte) else { failure = ParseError(400, "invalid Content-Length"); return }
                // Any value this long is far over any body limit.
                if number > (Int.max - 9) / 10 { failure = ParseError(413, "request body too large"); return }
                number = number * 10 + Int(byte - 0x30)
            }
            if let previous = value, previous != number { failure = ParseError(400, "conflicting Content-Length"); return }
            value = number
        }
        if let failure { return .failure(failure) }
        guard elements > 0, let value else { return .failure(ParseError(400, "invalid Content-Length")) }
        return .success(value)
    }

    /// Calls `body` with each comma-separated element, OWS trimmed.
    static func forEachListElement(
        _ p: UnsafeRawBufferPointer, _ start: Int, _ end: Int, keepEmpty: Bool = false, _ body: (Int, Int) -> Void
    ) {
        var elementStart = start
        var k = start
        while k <= end {
            if k == end || p[k] == UInt8(ascii: ",") {
                var s = elementStart, e = k
                while s < e, p[s] == ByteClass.sp || p[s] == ByteClass.htab { s += 1 }
                while e > s, p[e - 1] == ByteClass.sp || p[e - 1] == ByteClass.htab { e -= 1 }
                if e > s || keepEmpty { body(s, e) }
                elementStart = k + 1
            }
            k += 1
        }
    }
}

/// Transfer codings across all Transfer-Encoding fields of a request.
private struct TransferCodings {
    var present = false
    var chunkedCount = 0
    var lastIsChunked = false
    var unknown = false
    /// An empty list element ("chunked," or an empty field). RFC 9110 §5.6.1 would let us
    /// ignore it, but h11 and llhttp refuse it, and framing is where parsers must agree.
    var empty = false

    mutating func add(_ p: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> ParseError? {
        present = true
        RequestHeadParser.forEachListElement(p, start, end, keepEmpty: true) { s, e in
            if s == e {
                empty = true
            } else if p.equalsLowercased(s, e, "chunked") {
                chunkedCount += 1
                lastIsChunked = true
            } else {
                unknown = true
                lastIsChunked = false
            }
        }
        return nil
    }

    func verdict() -> ParseError? {
        if empty { return ParseError(400, "empty element in Transfer-Encoding") }
        if unknown { return ParseError(501, "transfer coding not implemented") }
        // chunked must be applied exactly once and last (RFC 9112 §6.1, §6.3).
        if chunkedCount != 1 || !lastIsChunked { return ParseError(400, "chunked must be the final and only transfer coding") }
        return nil
    }
}
