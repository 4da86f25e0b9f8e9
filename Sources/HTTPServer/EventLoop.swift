import HTTPParser
import CEpoll
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One epoll loop on its own thread (Redis `ae` style): its own SO_REUSEPORT listener,
/// its own connections, timers by a periodic sweep. Only `complete` is called from
/// other threads; everything else runs on the loop thread.
final class EventLoop: @unchecked Sendable {
    private enum Tag: UInt64 { case listener = 1, wake = 2 }
    static let sweepNanos: UInt64 = 100_000_000
    static let lingerNanos: UInt64 = 2_000_000_000
    static let outputHighWater = 1 << 20

    let index: Int
    let shared: ServerShared
    let counters = LoopCounters()
    private let epfd: Int32
    private var listenFD: Int32
    private let wakeFD: Int32
    private let completions = Mutex<[(fd: Int32, serial: UInt64, response: Response)]>([])

    var connections: [Connection?] = []
    private var openCount = 0
    private var nextSerial: UInt64 = 0
    private var nextSweep: UInt64 = 0
    private var acceptPausedUntil: UInt64 = 0
    private var drainDeadline: UInt64?
    /// Set when the drain deadline passed and running handlers were told to stop.
    private var cutDeadline: UInt64?
    var now: UInt64 = 0
    var date = DateHeader()
    let bufferBytes: Int
    let maxBufferBytes: Int

    init(index: Int, listenFD: Int32, shared: ServerShared) throws(ServerError) {
        self.index = index
        self.listenFD = listenFD
        self.shared = shared
        epfd = cepoll_create()
        wakeFD = cepoll_eventfd()
        bufferBytes = 4_096
        maxBufferBytes = shared.configuration.limits.maxHeadBytes + 4_096
        guard epfd >= 0, wakeFD >= 0 else { throw ServerError(description: "cannot create epoll (errno \(errnoValue()))") }
        _ = cepoll_add(epfd, listenFD, UInt32(CEPOLL_IN), Self.data(.listener, listenFD))
        _ = cepoll_add(epfd, wakeFD, UInt32(CEPOLL_IN), Self.data(.wake, wakeFD))
    }

    deinit {
        close(epfd)
        close(wakeFD)
    }

    private static func data(_ tag: Tag, _ fd: Int32) -> UInt64 { tag.rawValue << 32 | UInt64(UInt32(bitPattern: fd)) }

    /// A connection's event data carries its serial as well as its fd. Events of one
    /// `epoll_wait` batch are handled in turn; when handling one closes a connection (say a
    /// worker's answer meets a reset peer) and the listener then accepts a new one on the
    /// same fd number, the old connection's pending event must not act on the new one.
    static func connectionData(fd: Int32, serial: UInt64) -> UInt64 {
        1 << 63 | (serial & 0x7FFF_FFFF) << 32 | UInt64(UInt32(bitPattern: fd))
    }

    /// Whether `data` (from `connectionData`) was registered for this very connection.
    static func isCurrent(_ data: UInt64, _ connection: Connection) -> Bool {
        data == connectionData(fd: connection.fd, serial: connection.serial)
    }

    // MARK: - Cross-thread entry points

    /// Called by a worker when an offloaded handler has answered.
    func complete(fd: Int32, serial: UInt64, response: Response) {
        let wasEmpty = completions.withLock { queue -> Bool in
            queue.append((fd, serial, response))
            return queue.count == 1
        }
        if wasEmpty { _ = cepoll_eventfd_signal(wakeFD) }
    }

    /// Wakes the loop so it notices shutdown.
    func wake() { _ = cepoll_eventfd_signal(wakeFD) }

    // MARK: - Loop

    func run() {
        var events = [cepoll_event](repeating: cepoll_event(), count: 256)
        now = cepoll_monotonic_ns()
        date.refresh()
        nextSweep = now + Self.sweepNanos
        while true {
            let ready = events.withUnsafeMutableBufferPointer { cepoll_wait(epfd, $0.baseAddress, 256, 100) }
            now = cepoll_monotonic_ns()
            date.refresh()
            if ready > 0 {
                for k in 0..<Int(ready) { handle(events[k]) }
                shared.observer?.loopIterationEnded(loop: index)
            }
            if now >= nextSweep {
                sweep()
                nextSweep = now + Self.sweepNanos
            }
            if shared.draining.load(ordering: .relaxed), drainDeadline == nil { beginDrain() }
            if let deadline = drainDeadline {
                if openCount == 0 { break }
                if now >= deadline, cutDeadline == nil {
                    // Drain time is over: handlers still running are told to stop and get a
                    // moment to answer (a 503 the client can read); everything else is cut.
                    cutDeadline = now + nanos(shared.configuration.cancelAnswerGrace)
                    cancelHandling()
                    if openCount == 0 { break }
                }
                if let cut = cutDeadline, now >= cut {
                    closeAll()
                    break
                }
            }
        }
        shared.observer?.loopIterationEnded(loop: index)
    }

    private func handle(_ event: cepoll_event) {
        let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: event.data))
        if event.data >> 63 == 1 {
            guard Int(fd) < connections.count, let connection = connections[Int(fd)],
                  Self.isCurrent(event.data, connection) else { return }
            connectionEvent(connection, event.events)
            return
        }
        switch Tag(rawValue: event.data >> 32) {
        case .listener: acceptConnections()
        case .wake: drainCompletions()
        case nil: break
        }
    }

    private func drainCompletions() {
        _ = cepoll_eventfd_drain(wakeFD)
        let done = completions.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
        for item in done {
            guard Int(item.fd) < connections.count, let connection = connections[Int(item.fd)],
                  connection.serial == item.serial, connection.phase == .handling else { continue }
            let request = connection.pending
            connection.pending = nil
            connection.cancellation = nil
            connection.phase = .head
            finish(connection, item.response, request: request, route: shared.router[connection.pendingRoute].path)
            process(connection)
            flush(connection)
        }
    }

    // MARK: - Accept

    private func acceptConnections() {
        guard listenFD >= 0 else { return }
        for _ in 0..<64 {
            let fd = cepoll_accept(listenFD)
            if fd < 0 {
                let error = errnoValue()
                if error == EAGAIN || error == EWOULDBLOCK { return }
                if error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM {
                    // Out of descriptors: stop polling the listener for a moment instead of spinning.
                    _ = cepoll_modify(epfd, listenFD, 0, Self.data(.listener, listenFD))
                    acceptPausedUntil = now + Self.sweepNanos
                    return
                }
                continue
            }
            if openCount >= shared.configuration.maxConnectionsPerLoop {
                refuse(fd)
                continue
            }
            open(fd)
        }
    }

    private static let refusal = Array(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\nRetry-After: 1\r\n\r\n".utf8)

    private func refuse(_ fd: Int32) {
        _ = Self.refusal.withUnsafeBytes { cepoll_send(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    private func open(_ fd: Int32) {
        nextSerial += 1
        let connection = Connection(fd: fd, serial: nextSerial, bufferBytes: bufferBytes)
        connection.deadline = now + nanos(shared.configuration.headerTimeout)
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count + 64))
        }
        connections[Int(fd)] = connection
        openCount += 1
        counters.openConnections.add(1, ordering: .relaxed)
        connection.interest = UInt32(CEPOLL_IN)
        let data = Self.connectionData(fd: fd, serial: connection.serial)
        if cepoll_add(epfd, fd, connection.interest, data) != 0 { closeConnection(connection) }
    }

    func updateInterest(_ connection: Connection) {
        let full = connection.buffered >= connection.inbuf.count && connection.inbuf.count >= maxBufferBytes
        var wanted: UInt32 = 0
        if !connection.peerClosed, !full { wanted |= UInt32(CEPOLL_IN) }
        // While a worker holds the request, a hang-up must be seen even with input paused.
        if !connection.peerClosed, connection.phase == .handling { wanted |= UInt32(CEPOLL_RDHUP) }
        if connection.outputPending { wanted |= UInt32(CEPOLL_OUT) }
        guard wanted != connection.interest else { return }
        connection.interest = wanted
        _ = cepoll_modify(epfd, connection.fd, wanted, Self.connectionData(fd: connection.fd, serial: connection.serial))
    }

    func closeConnection(_ connection: Connection) {
        guard Int(connection.fd) < connections.count, connections[Int(connection.fd)] === connection else { return }
        connections[Int(connection.fd)] = nil
        // Nobody will read what a worker is computing for this connection: tell it to stop.
        if let cancellation = connection.cancellation {
            connection.cancellation = nil
            if cancellation.cancel(drainDeadline != nil && now >= drainDeadline! ? .shuttingDown : .clientGone) {
                counters.cancelled.add(1, ordering: .relaxed)
            }
        }
        releaseBody(connection)
        connection.reservation = nil
        if connection.inFlight {
            connection.inFlight = false
            counters.inFlight.add(-1, ordering: .relaxed)
        }
        openCount -= 1
        counters.openConnections.add(-1, ordering: .relaxed)
        close(connection.fd)
    }

    // MARK: - Timers and shutdown

    private func sweep() {
        if acceptPausedUntil != 0, now >= acceptPausedUntil, listenFD >= 0 {
            acceptPausedUntil = 0
            _ = cepoll_modify(epfd, listenFD, UInt32(CEPOLL_IN), Self.data(.listener, listenFD))
        }
        let draining = drainDeadline != nil
        for slot in connections.indices {
            guard let connection = connections[slot] else { continue }
            if connection.outputPending {
                if now >= connection.writeDeadline { closeConnection(connection) }
                continue
            }
            switch connection.phase {
            case .handling:
                continue
            case .lingering:
                if now >= connection.deadline { closeConnection(connection) }
            case .head where !connection.requestStarted && connection.buffered == 0:
                // Idle keep-alive: close silently (RFC 9112 §9.8 allows it at any time).
                if draining || now >= connection.deadline { closeConnection(connection) }
            case .body where connection.discarding:
                if now >= connection.deadline { closeConnection(connection) }
            case .head, .body:
                if now >= connection.deadline {
                    fail(connection, ParseError(408, "request not completed in time"), request: connection.pending)
                    flush(connection)
                }
            }
        }
    }

    private func beginDrain() {
        drainDeadline = now + nanos(shared.configuration.drainTimeout)
        if listenFD >= 0 {
            _ = cepoll_remove(epfd, listenFD)
            close(listenFD)
            listenFD = -1
        }
        sweep()
    }

    private func cancelHandling() {
        // Requests no worker has taken yet are cancelled first, so a worker freed by a
        // cancelled handler can never pick one of them up in between: the loop answers them.
        var answered = Set<Int>()
        for slot in connections.indices {
            guard let connection = connections[slot], connection.phase == .handling,
                  let cancellation = connection.cancellation, !cancellation.hasStarted else { continue }
            if cancellation.cancel(.shuttingDown) { counters.cancelled.add(1, ordering: .relaxed) }
            // Taken by a worker after all (between the check and the cancel): it answers.
            guard !cancellation.hasStarted else { continue }
            let request = connection.pending
            connection.pending = nil
            connection.cancellation = nil
            finish(connection, Self.notRun, request: request, route: shared.router[connection.pendingRoute].path)
            flush(connection)
            answered.insert(slot)
        }
        // Then running handlers are told to stop; every other connection is cut.
        for slot in connections.indices where !answered.contains(slot) {
            guard let connection = connections[slot] else { continue }
            if connection.phase == .handling, let cancellation = connection.cancellation {
                if cancellation.cancel(.shuttingDown) { counters.cancelled.add(1, ordering: .relaxed) }
            } else {
                closeConnection(connection)
            }
        }
    }

    private func closeAll() {
        for slot in connections.indices {
            if let connection = connections[slot] { closeConnection(connection) }
        }
    }

    func nanos(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1_000_000_000) }
}
