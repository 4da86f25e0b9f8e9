import A11yText

/// Writes a response head and body into a connection's output buffer.
enum ResponseSerializer {
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    private static let contentLength = Array("Content-Length: ".utf8)
    private static let contentType = Array("Content-Type: ".utf8)
    private static let connectionClose = Array("Connection: close\r\n".utf8)
    private static let connectionKeepAlive = Array("Connection: keep-alive\r\n".utf8)
    private static let requestID = Array("X-Request-Id: ".utf8)
    /// On every response: browsers must not second-guess a Content-Type (an error body
    /// echoing input must never be run as HTML or script).
    private static let noSniff = Array("X-Content-Type-Options: nosniff\r\n".utf8)
    private static let crlf: [UInt8] = [0x0D, 0x0A]

    /// Appends the response; returns the bytes appended.
    static func write(
        _ response: Response, date: [UInt8], headOnly: Bool, close: Bool, announceKeepAlive: Bool,
        into out: inout [UInt8]
    ) -> Int {
        let before = out.count
        out += HTTPStatus.line(response.status)
        out += date
        if let type = response.contentType {
            out += contentType
            out += type.utf8
            out += crlf
            out += noSniff
        }
        // 1xx and 204 carry no Content-Length (RFC 9110 §8.6).
        if response.status >= 200, response.status != 204 {
            out += contentLength
            NumberText.append(response.body.count, to: &out)
            out += crlf
        }
        if let id = response.requestID {
            out += requestID
            out += id.utf8
            out += crlf
        }
        for header in response.headers {
            out += header.name.utf8
            out += ": ".utf8
            out += header.value.utf8
            out += crlf
        }
        out += response.headerLines
        if close {
            out += connectionClose
        } else if announceKeepAlive {
            out += connectionKeepAlive
        }
        out += crlf
        if !headOnly { out += response.body }
        return out.count - before
    }
}
