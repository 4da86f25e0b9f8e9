/// Why a request cannot be served. Every parse error ends the connection: once framing
/// is in doubt nothing behind the error may be read as a request (RFC 9112 §6.3).
public struct ParseError: Error, Equatable, Sendable {
    public var status: Int
    public var detail: String

    public init(_ status: Int, _ detail: String) {
        self.status = status
        self.detail = detail
    }
}
