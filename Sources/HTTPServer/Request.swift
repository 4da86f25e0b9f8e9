import HTTPParser
/// A complete request as handlers see it. The head stays as offsets into the bytes it
/// was read into (shared, not copied); names and values become Strings only on demand.
public struct Request: Sendable {
    public let head: RequestHead
    /// Bytes holding the head, starting at `base`.
    let buffer: [UInt8]
    let base: Int
    public var body: [UInt8]
    /// Set when nobody waits for the answer any more (see `Cancellation`); only requests
    /// handed to a worker get their own, others answer `Cancellation.never`.
    public internal(set) var cancellation: Cancellation {
        get { ownCancellation ?? .never }
        set { ownCancellation = newValue }
    }
    /// Nil for requests answered on a loop, which read `.never`.
    private var ownCancellation: Cancellation?
    /// The handler of an offloaded route runs on an event loop as a first attempt: it must
    /// stop after a small slice of work and answer `Response.runOnWorker` when the answer
    /// costs more than that, and the request then goes to a worker.
    public internal(set) var onLoop = false

    init(head: RequestHead, buffer: [UInt8], base: Int, body: [UInt8] = []) {
        self.head = head
        self.buffer = buffer
        self.base = base
        self.body = body
    }

    /// A request parsed from `bytes` alone, e.g. to unit-test handlers.
    public init?(parsing bytes: [UInt8], limits: HeadLimits = HeadLimits(), body: [UInt8] = []) {
        var head = RequestHead()
        let result = bytes.withUnsafeBytes { RequestHeadParser.parse($0, limits: limits, into: &head) }
        guard result == .complete else { return nil }
        self.init(head: head, buffer: bytes, base: 0, body: body)
    }

    public var method: HTTPMethod { head.method }
    public var versionMinor: Int { head.versionMinor }

    public var path: String { string(head.pathStart, head.pathEnd) }
    public var target: String { string(head.targetStart, head.targetEnd) }

    /// The query string without "?", or nil.
    public var query: String? {
        let queryStart = head.pathEnd
        guard queryStart < head.targetEnd else { return nil }
        return string(queryStart + 1, head.targetEnd)
    }

    /// The first field named `name` (ASCII case-insensitive), trimmed.
    public func header(_ name: String) -> String? {
        guard let field = field(named: name) else { return nil }
        return string(Int(field.valueStart), Int(field.valueEnd))
    }

    /// Calls `body` with the raw bytes of the first field named `name`, without copying.
    public func withHeaderBytes<R>(_ name: String, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
        guard let field = field(named: name) else { return body(nil) }
        return buffer.withUnsafeBytes { raw in
            body(UnsafeRawBufferPointer(rebasing: raw[(base + Int(field.valueStart))..<(base + Int(field.valueEnd))]))
        }
    }

    private func field(named name: String) -> HeaderField? {
        var wanted = name
        return wanted.withUTF8 { wantedBytes in
            buffer.withUnsafeBytes { raw in head.field(named: wantedBytes, in: UnsafeRawBufferPointer(rebasing: raw[base...])) }
        }
    }

    private func string(_ start: Int, _ end: Int) -> String {
        guard end > start else { return "" }
        return String(decoding: buffer[(base + start)..<(base + end)], as: UTF8.self)
    }
}
