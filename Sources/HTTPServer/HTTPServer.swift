import CEpoll
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What every loop of one server shares. Immutable after start except the drain flag.
final class ServerShared: Sendable {
    let configuration: ServerConfiguration
    let router: Router
    let workers: WorkerPool?
    let draining = Atomic<Bool>(false)
    /// Capacity of request bodies held across all loops' connections (`maxBufferedBytes`).
    let bufferedBytes = Atomic<Int>(0)
    /// What offloaded handlers may hold at once (`maxOffloadMemory`), nil for no bound.
    let memory: MemoryBudget?

    init(configuration: ServerConfiguration, router: Router, workers: WorkerPool?) {
        self.configuration = configuration
        memory = configuration.maxOffloadMemory.map { MemoryBudget(capacity: $0) }
        self.router = router
        self.workers = workers
    }
}

/// The HTTP/1.1 server: bind with `init`, then `start` loops, `shutdown` to drain, `wait`.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    /// The bound port (the real one when 0 was asked for).
    public let port: Int
    private let listeners: Mutex<[Int32]>
    private let state = Mutex<(loops: [EventLoop], threads: [UInt64], shared: ServerShared?)>(([], [], nil))

    /// Binds one SO_REUSEPORT listener per loop; nothing is served until `start`.
    public init(configuration: ServerConfiguration) throws(ServerError) {
        cepoll_ignore_sigpipe()
        var configuration = configuration
        configuration.loops = max(1, configuration.loops)
        var fds: [Int32] = []
        var port = configuration.port
        for _ in 0..<configuration.loops {
            let fd = cepoll_listen(configuration.host, Int32(port), 1, Int32(configuration.backlog))
            guard fd >= 0 else {
                let error = errnoValue()
                for fd in fds { close(fd) }
                throw ServerError(description: "cannot listen on \(configuration.host):\(port): \(String(cString: strerror(error)))")
            }
            fds.append(fd)
            if port == 0 { port = Int(cepoll_local_port(fd)) }
        }
        self.configuration = configuration
        self.port = port
        listeners = Mutex(fds)
    }

    /// Starts the worker pool and one thread per loop; `router` with its middleware serves.
    public func start(router: Router) throws(ServerError) {
        let fds = listeners.withLock { fds in
            defer { fds = [] }
            return fds
        }
        guard !fds.isEmpty else { throw ServerError(description: "server already started") }
        let needsWorkers = router.routes.contains { $0.offload }
        let workers = needsWorkers
            ? try WorkerPool(count: configuration.workers, stackBytes: configuration.workerStackBytes,
                             maxQueued: configuration.maxQueuedJobs)
            : nil
        let shared = ServerShared(configuration: configuration, router: router, workers: workers)
        var loops: [EventLoop] = []
        var threads: [UInt64] = []
        for (index, fd) in fds.enumerated() {
            let loop = try EventLoop(index: index, listenFD: fd, shared: shared)
            loops.append(loop)
            threads.append(try Threads.start(stackBytes: configuration.workerStackBytes) { loop.run() })
        }
        state.withLock { $0 = (loops, threads, shared) }
    }

    public var isDraining: Bool {
        state.withLock { $0.shared?.draining.load(ordering: .relaxed) ?? false }
    }

    /// Stops accepting, closes idle connections, lets in-flight requests finish within
    /// the drain timeout. Returns at once; `wait` blocks until the loops are done.
    public func shutdown() {
        let loops = state.withLock { state -> [EventLoop] in
            state.shared?.draining.store(true, ordering: .relaxed)
            return state.loops
        }
        for loop in loops { loop.wake() }
    }

    /// Blocks until every loop has drained, then stops the workers: running handlers were
    /// told to stop when the drain ended; any still running after `workerStopGrace` are
    /// left behind (the process is about to exit) so shutdown has a hard deadline.
    public func wait() {
        let (threads, shared) = state.withLock { state in
            defer { state.threads = [] }
            return (state.threads, state.shared)
        }
        for thread in threads { Threads.join(thread) }
        shared?.workers?.stop(graceNanos: UInt64(max(0, configuration.workerStopGrace) * 1e9))
        state.withLock { $0.loops = [] }
    }

    public func stop() {
        shutdown()
        wait()
    }

    public func stats() -> ServerStats {
        let loops = state.withLock { $0.loops }
        var total = ServerStats()
        for loop in loops {
            total.openConnections += loop.counters.openConnections.load(ordering: .relaxed)
            total.inFlight += loop.counters.inFlight.load(ordering: .relaxed)
            total.bytesIn += loop.counters.bytesIn.load(ordering: .relaxed)
            total.bytesOut += loop.counters.bytesOut.load(ordering: .relaxed)
            total.cancelledRequests += loop.counters.cancelled.load(ordering: .relaxed)
            total.bufferLimitRefusals += loop.counters.bufferRefusals.load(ordering: .relaxed)
            total.answerLimitRefusals += loop.counters.answerRefusals.load(ordering: .relaxed)
        }
        total.bufferedBodyBytes = state.withLock { $0.shared?.bufferedBytes.load(ordering: .relaxed) ?? 0 }
        total.reservedOffloadBytes = state.withLock { shared in shared.shared?.memory.map { $0.capacity - $0.free } ?? 0 }
        return total
    }

    deinit {
        for fd in listeners.withLock({ $0 }) { close(fd) }
    }
}
