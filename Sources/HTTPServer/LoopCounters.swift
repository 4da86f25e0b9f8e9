import Synchronization

/// Per-loop transport counters, written by the loop, read by metrics scrapes.
final class LoopCounters: Sendable {
    let openConnections = Atomic<Int>(0)
    let inFlight = Atomic<Int>(0)
    let bytesIn = Atomic<Int>(0)
    let bytesOut = Atomic<Int>(0)
}

/// Transport figures summed over loops.
public struct ServerStats: Sendable, Equatable {
    public var openConnections = 0
    public var inFlight = 0
    public var bytesIn = 0
    public var bytesOut = 0
}
