import Synchronization

/// Per-loop transport counters, written by the loop, read by metrics scrapes.
final class LoopCounters: Sendable {
    let openConnections = Atomic<Int>(0)
    let inFlight = Atomic<Int>(0)
    let bytesIn = Atomic<Int>(0)
    let bytesOut = Atomic<Int>(0)
    /// Requests whose handler was told to stop (client gone or drain over).
    let cancelled = Atomic<Int>(0)
    /// Bodies refused because the global buffered-bytes cap was reached.
    let bufferRefusals = Atomic<Int>(0)
    /// Answers refused because the memory budget could not hold their bytes.
    let answerRefusals = Atomic<Int>(0)
}

/// Transport figures summed over loops.
public struct ServerStats: Sendable, Equatable {
    public var openConnections = 0
    public var inFlight = 0
    public var bytesIn = 0
    public var bytesOut = 0
    /// Capacity of request bodies held right now, across all connections.
    public var bufferedBodyBytes = 0
    /// Memory reserved by offloaded requests right now (`maxOffloadMemory`; 0 without it).
    public var reservedOffloadBytes = 0
    public var cancelledRequests = 0
    public var bufferLimitRefusals = 0
    /// Answers replaced by a 503 because `maxOffloadMemory` could not hold their bytes.
    public var answerLimitRefusals = 0
}
