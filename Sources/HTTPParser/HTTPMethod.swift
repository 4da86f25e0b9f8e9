/// A request method. Any token is a method (RFC 9110 §9.1); the router decides per path,
/// so a known path answers 405 + Allow to every method it does not serve, whether RFC 9110
/// defines it (DELETE), a newer document does (QUERY) or nobody does (BREW).
public struct HTTPMethod: Hashable, Sendable {
    public let name: String

    public init(_ name: String) { self.name = name }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let delete = HTTPMethod("DELETE")
    public static let connect = HTTPMethod("CONNECT")
    public static let options = HTTPMethod("OPTIONS")
    public static let trace = HTTPMethod("TRACE")
    public static let patch = HTTPMethod("PATCH")

    /// The shared constants, so the common methods cost no allocation per request.
    private static let known: [HTTPMethod] = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]

    /// Methods are case-sensitive (RFC 9110 §9.1), so this is an exact byte match;
    /// `bytes[start..<end]` must already be a token.
    static func recognise(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> HTTPMethod {
        let length = end - start
        for method in known where method.name.utf8.count == length {
            var same = true
            for (k, byte) in method.name.utf8.enumerated() where bytes[start + k] != byte { same = false; break }
            if same { return method }
        }
        return HTTPMethod(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }
}
