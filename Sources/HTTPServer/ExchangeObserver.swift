import HTTPParser
/// One answered request, as the transport saw it, for metrics and access logs.
public struct Exchange: Sendable {
    /// Nil when the request line could not be parsed.
    public var method: HTTPMethod?
    /// The request path, empty when unknown.
    public var path: String
    /// The matched route's path, nil for 404 and transport errors.
    public var route: String?
    public var status: Int
    public var requestBytes: Int
    public var responseBytes: Int
    /// Monotonic nanoseconds from the first byte of the request to the queued response.
    public var durationNanos: UInt64
    public var requestID: String?
}

/// Receives exchanges on the event loop thread that served them; `loop` identifies that
/// thread so implementations can keep per-loop state without contention.
public protocol ExchangeObserver: AnyObject, Sendable {
    /// The X-Request-Id of a response that has none yet, transport errors included
    /// (`request` is nil when the request line could not be parsed).
    func requestID(for request: Request?) -> String
    func exchangeCompleted(_ exchange: Exchange, loop: Int)
    /// End of one event-loop iteration: a good moment to flush buffered output.
    func loopIterationEnded(loop: Int)
}
