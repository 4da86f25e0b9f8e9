import A11yText

/// Writes a response head and body into a connection's output buffer.
enum ResponseSerializer {
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    // The fixed parts are StaticStrings, appended from the binary's constant bytes: a static
    // array would cost a lazy-initialisation check and a retain and release per use, a
    // dozen per answer.
    private static let contentLength: StaticString = "Content-Length: "
    private static let contentType: StaticString = "Content-Type: "
    private static let connectionClose: StaticString = "Connection: close\r\n"
    private static let connectionKeepAlive: StaticString = "Connection: keep-alive\r\n"
    private static let requestID: StaticString = "X-Request-Id: "
    /// On every response: browsers must not second-guess a Content-Type (an error body
    /// echoing input must never be run as HTML or script).
    private static let noSniff: StaticString = "X-Content-Type-Options: nosniff\r\n"
    private static let separator: StaticString = ": "
    private static let crlf: StaticString = "\r\n"

    /// Appends the response; returns the bytes appended.
    static func write(
        _ response: Response, date: [UInt8], headOnly: Bool, close: Bool, announceKeepAlive: Bool,
        into out: inout [UInt8]
    ) -> Int {
        let before = out.count
        out += HTTPStatus.line(response.status)
        out += date
        if let type = response.contentType {
            out.append(contentType)
            out += type.utf8
            out.append(crlf)
            out.append(noSniff)
        }
        // 1xx and 204 carry no Content-Length (RFC 9110 §8.6).
        if response.status >= 200, response.status != 204 {
            out.append(contentLength)
            NumberText.append(response.body.count, to: &out)
            out.append(crlf)
        }
        if let id = response.requestID {
            out.append(requestID)
            out += id.utf8
            out.append(crlf)
        }
        for header in response.headers {
            out += header.name.utf8
            out.append(separator)
            out += header.value.utf8
            out.append(crlf)
        }
        out += response.headerLines
        if close {
            out.append(connectionClose)
        } else if announceKeepAlive {
            out.append(connectionKeepAlive)
        }
        out.append(crlf)
        if !headOnly { out += response.body }
        return out.count - before
    }
}

extension [UInt8] {
    /// Appends the bytes of a string literal.
    @inline(__always)
    fileprivate mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
