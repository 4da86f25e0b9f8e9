import A11yText

/// What a handler answers. The transport adds Date, Content-Length and Connection.
public struct Response: Sendable {
    public var status: Int
    public var contentType: String?
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Echoed as X-Request-Id and passed to the exchange observer.
    public var requestID: String?
    /// Close the connection after this response.
    public var close: Bool
    /// The memory its handler reserved; the connection holds it until the response is written.
    var reservation: MemoryReservation?
    /// Not an answer: the handler, run on an event loop (`Request.onLoop`), found the
    /// request too costly to finish there (`runOnWorker`).
    var handOff = false

    public init(
        status: Int, contentType: String? = nil, headers: [(name: String, value: String)] = [],
        body: [UInt8] = [], requestID: String? = nil, close: Bool = false
    ) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
        self.requestID = requestID
        self.close = close
    }

    /// What a handler running on an event loop (`Request.onLoop`) answers when its work or
    /// answer would cost more than the loop may spend: the request is run again on a worker.
    public static let runOnWorker: Response = {
        var response = Response(status: 503)
        response.handOff = true
        return response
    }()

    /// An RFC 9457 problem document with only generic members, for transport errors.
    public static func problem(status: Int, detail: String) -> Response {
        var body = Array("{\"type\":\"about:blank\",\"title\":\"".utf8)
        body += HTTPStatus.reason(status).utf8
        body += "\",\"status\":\(status),\"detail\":".utf8
        JSONText.appendString(detail, to: &body)
        body += "}".utf8
        return Response(status: status, contentType: "application/problem+json", body: body)
    }
}

/// Minimal JSON text (quoted strings; numbers are `NumberText`'s) for the transport's own problem bodies and
/// the service's access log.
public enum JSONText {
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Text with nothing to escape (every access-log path and request id) is copied in one
        // append rather than byte by byte.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.append(contentsOf: bytes)
            return true
        } ?? false
        if copied { return out.append(UInt8(ascii: "\"")) }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += "\\u00".utf8
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

}
