/// Reason phrases and pre-encoded status lines.
public enum HTTPStatus {
    public static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// "HTTP/1.1 200 OK\r\n" for every status 100...599, built once.
    static let lines: [[UInt8]] = (0..<600).map { status in
        status < 100 ? [] : Array("HTTP/1.1 \(status) \(reason(status))\r\n".utf8)
    }

    static func line(_ status: Int) -> [UInt8] {
        (100..<600).contains(status) ? lines[status] : lines[500]
    }
}
