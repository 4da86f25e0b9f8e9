/// Request methods RFC 9110 defines. Any other token is answered 501.
public enum HTTPMethod: UInt8, Sendable, CaseIterable {
    case get, head, post, put, delete, connect, options, trace, patch

    public var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .connect: "CONNECT"
        case .options: "OPTIONS"
        case .trace: "TRACE"
        case .patch: "PATCH"
        }
    }

    /// Methods are case-sensitive (RFC 9110 §9.1), so this is an exact byte match.
    static func recognise(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> HTTPMethod? {
        let length = end - start
        @inline(__always) func at(_ k: Int) -> UInt8 { bytes[start + k] }
        switch length {
        case 3:
            if at(0) == 0x47, at(1) == 0x45, at(2) == 0x54 { return .get }  // GET
            if at(0) == 0x50, at(1) == 0x55, at(2) == 0x54 { return .put }  // PUT
        default:
            break
        }
        for method in HTTPMethod.allCases where method.name.utf8.count == length {
            var same = true
            for (k, byte) in method.name.utf8.enumerated() where at(k) != byte { same = false; break }
            if same { return method }
        }
        return nil
    }
}
