import HTTPServer
import Synchronization

/// X-Request-Id on every answer: the client's when it is reasonable, else "<process
/// prefix>-<counter>". The outermost layer, so the id it gives is the one every other
/// layer's `completed` (metrics, access log) sees.
final class RequestIDs: Middleware {
    var hooks: MiddlewareHooks { [.amend] }
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        prefix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    func id(for request: Request) -> String {
        let echoed = request.withHeaderBytes("x-request-id") { bytes -> String? in
            guard let bytes, !bytes.isEmpty, bytes.count <= 128,
                  bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        return echoed ?? next()
    }

    func amend(_ response: inout Response, for request: Request?) {
        guard response.requestID == nil else { return }
        response.requestID = request.map(id(for:)) ?? next()
    }

    func next() -> String {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return prefix + "-" + String(number, radix: 16)
    }
}
