import HTTPParser
import CEpoll

/// Transport settings. Times are in seconds.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 8080
    /// Event loops, each on its own thread with its own SO_REUSEPORT listener.
    public var loops = Int(cepoll_cpu_count())
    /// Threads for offloaded routes.
    public var workers = max(2, Int(cepoll_cpu_count()))
    /// Stack of worker and loop threads: handlers may recurse deeply (the core walks up to 512
    /// levels) and small requests run on the loops. Untouched stack pages cost no memory.
    public var workerStackBytes = 64 * 1_048_576
    /// Offloaded routes first try to answer on the loop when the body is at most this many
    /// bytes (and the route's `isCheap` agrees): handing a small request to a worker costs
    /// two thread switches, more than its work. The handler sees `Request.onLoop`, stops
    /// after a small slice of work and answers `Response.runOnWorker` when the answer costs
    /// more: what it costs decides, not the body's size.
    public var inlineBodyBytes = 16 * 1_024
    /// Answers up to this many bytes are written without a reservation from
    /// `maxOffloadMemory` (probes, problems, small audits; a connection reads no further
    /// request while more than `HTTPConnection.outputHighWater` bytes wait); larger ones reserve their bytes
    /// before they are queued, and get a 503 when the budget cannot cover them.
    public var unreservedAnswerBytes = 16 * 1_024
    /// Offloaded requests waiting for a worker beyond this are answered 503.
    public var maxQueuedJobs = 1_024
    public var limits = HeadLimits()
    /// From accept or the first byte of a request until its head is complete (else 408).
    public var headerTimeout = 10.0
    /// From a complete head until the body is complete (else 408).
    public var bodyTimeout = 30.0
    /// A keep-alive connection with no request in progress closes silently after this.
    public var idleTimeout = 60.0
    /// A response the client does not read closes the connection after this.
    public var writeTimeout = 30.0
    /// After shutdown starts, in-flight requests get this long before connections are cut.
    public var drainTimeout = 10.0
    /// When the drain time is over, running handlers are told to stop (`Cancellation`) and
    /// get this long to answer (a 503 the client can read) before connections are cut.
    public var cancelAnswerGrace = 0.3
    /// Then the server waits this long more for the workers before `wait` returns without them.
    public var workerStopGrace = 0.2
    /// Request body bytes held in memory across all connections (buffers' capacity, until
    /// the answer is queued). A body that would pass it gets 503 with Retry-After.
    public var maxBufferedBytes = 64 * 1_048_576
    /// Bytes offloaded handlers and unwritten answers may hold at once, nil for no bound: each
    /// offloaded request reserves `offloadMemoryPerBodyByte` × its body bytes +
    /// `offloadMemoryPerRequest` (at most this) before a worker runs it, and waits while that
    /// is not free; then it holds its answer's bytes until they are written, as does every
    /// answer past `unreservedAnswerBytes` built on a loop; see `MemoryBudget`.
    public var maxOffloadMemory: Int?
    /// The reservation per body byte and per request: above the measured peak memory of the
    /// costliest request shapes at every body size (docs/reliability.md, "Memory envelope").
    public var offloadMemoryPerBodyByte = 200
    public var offloadMemoryPerRequest = 8 * 1_048_576
    /// After an offloaded request with a body at least this large, the worker hands the
    /// allocator's free pages back to the system (`malloc_trim`): each worker thread has its
    /// own arena, and without it each keeps the peak of its largest request. Nil: never.
    public var trimAfterBodyBytes: Int? = 64 * 1_024
    /// Open connections per loop; more are closed at accept.
    public var maxConnectionsPerLoop = 10_000
    public var backlog = 1_024

    public init() {}
}

/// Why the server could not start.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
