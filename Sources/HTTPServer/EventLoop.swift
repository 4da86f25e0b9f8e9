import HTTPParser
import CEpoll
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One accepted socket: its descriptor, the serial that tells it from a later socket on the
/// same descriptor number, and the HTTP state machine that decides what it does.
final class Connection {
    let fd: Int32
    let serial: UInt64
    let http: HTTPConnection
    /// What the reactor watches it for now.
    @exclusivity(unchecked) var interest: Interest = .read

    init(fd: Int32, serial: UInt64, http: HTTPConnection) {
        self.fd = fd
        self.serial = serial
        self.http = http
    }
}

/// The server's side of one reactor thread (Redis's `networking.c` next to `ae.c`): its own
/// SO_REUSEPORT listener, its accepted sockets, reading and writing them for their HTTP
/// connections, handing requests to handlers (`EventLoop+Dispatch`) and shutting down.
/// Only `complete` and `wake` are called from other threads.
final class EventLoop: ReactorHandler, @unchecked Sendable {
    private enum Tag: UInt64 { case listener = 1 }

    let index: Int
    let shared: ServerShared
    let counters = LoopCounters()
    let reactor: Reactor
    let context: HTTPContext
    private var listenFD: Int32
    private let completions = Mutex<[(fd: Int32, serial: UInt64, response: Response)]>([])

    /// Indexed by descriptor. Only this loop's thread touches it: no run-time exclusivity
    /// check (see `HTTPConnection.state`).
    @exclusivity(unchecked) var connections: [Connection?] = []
    private var openCount = 0
    private var nextSerial: UInt64 = 0
    private var acceptPausedUntil: UInt64 = 0
    private var drainDeadline: UInt64?
    /// Set when the drain deadline passed and running handlers were told to stop.
    private var cutDeadline: UInt64?

    var now: UInt64 { context.now }

    init(index: Int, listenFD: Int32, shared: ServerShared) throws(ServerError) {
        self.index = index
        self.listenFD = listenFD
        self.shared = shared
        reactor = try Reactor()
        context = HTTPContext(shared: shared, counters: counters, loop: index)
        _ = reactor.watch(listenFD, for: .read, token: Self.token(.listener, listenFD))
    }

    private static func token(_ tag: Tag, _ fd: Int32) -> UInt64 { tag.rawValue << 32 | UInt64(UInt32(bitPattern: fd)) }

    /// A connection's token carries its serial as well as its fd. Events of one
    /// `epoll_wait` batch are handled in turn; when handling one closes a connection (say a
    /// worker's answer meets a reset peer) and the listener then accepts a new one on the
    /// same fd number, the old connection's pending event must not act on the new one.
    static func connectionToken(fd: Int32, serial: UInt64) -> UInt64 {
        1 << 63 | (serial & 0x7FFF_FFFF) << 32 | UInt64(UInt32(bitPattern: fd))
    }

    /// Whether `token` (from `connectionToken`) was registered for this very connection.
    static func isCurrent(_ token: UInt64, _ connection: Connection) -> Bool {
        token == connectionToken(fd: connection.fd, serial: connection.serial)
    }

    // MARK: - Cross-thread entry points

    /// Called by a worker when an offloaded handler has answered.
    func complete(fd: Int32, serial: UInt64, response: Response) {
        let wasEmpty = completions.withLock { queue -> Bool in
            queue.append((fd, serial, response))
            return queue.count == 1
        }
        if wasEmpty { reactor.wake() }
    }

    /// Wakes the loop so it notices shutdown.
    func wake() { reactor.wake() }

    // MARK: - Reactor events

    func run() {
        reactor.run(self)
        shared.router.batchEnded(loop: index)
    }

    func clockMoved(to now: UInt64) {
        context.now = now
        context.date.refresh()
    }

    func ready(_ token: UInt64, _ readiness: Readiness) {
        let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: token))
        if token >> 63 == 1 {
            guard Int(fd) < connections.count, let connection = connections[Int(fd)],
                  Self.isCurrent(token, connection) else { return }
            connectionEvent(connection, readiness)
            return
        }
        if Tag(rawValue: token >> 32) == .listener { acceptConnections() }
    }

    func woken() {
        let done = completions.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
        for item in done {
            guard Int(item.fd) < connections.count, let connection = connections[Int(item.fd)],
                  connection.serial == item.serial,
                  // Still waiting for this worker (not closed and reopened, not answered at the drain's end).
                  connection.http.cancellation != nil else { continue }
            connection.http.answer(item.response)
            drive(connection)
        }
    }

    func batchEnded() { shared.router.batchEnded(loop: index) }

    func tick() { sweep() }

    func shouldContinue() -> Bool {
        if shared.draining.load(ordering: .relaxed), drainDeadline == nil { beginDrain() }
        guard let deadline = drainDeadline else { return true }
        if openCount == 0 { return false }
        if now >= deadline, cutDeadline == nil {
            // Drain time is over: handlers still running are told to stop and get a
            // moment to answer (a 503 the client can read); everything else is cut.
            cutDeadline = now + nanos(shared.configuration.cancelAnswerGrace)
            cancelHandling()
            if openCount == 0 { return false }
        }
        if let cut = cutDeadline, now >= cut {
            closeAll()
            return false
        }
        return true
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
                    reactor.change(listenFD, to: [], token: Self.token(.listener, listenFD))
                    acceptPausedUntil = now + Reactor.tickNanos
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
        let connection = Connection(fd: fd, serial: nextSerial, http: HTTPConnection(context: context))
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count + 64))
        }
        connections[Int(fd)] = connection
        openCount += 1
        counters.openConnections.add(1, ordering: .relaxed)
        let token = Self.connectionToken(fd: fd, serial: connection.serial)
        if !reactor.watch(fd, for: connection.interest, token: token) { closeConnection(connection) }
    }

    // MARK: - Sockets

    private func connectionEvent(_ connection: Connection, _ readiness: Readiness) {
        if readiness.failed {
            closeConnection(connection)
            return
        }
        if readiness.peerHungUp, connection.http.state == .waitingForHandler {
            // The client hung up while a handler holds its request (input may be paused).
            perform(connection, connection.http.inputEnded())
            return
        }
        if readiness.readable {
            readable(connection)
            guard isOpen(connection) else { return }
        }
        if readiness.writable {
            // Output may have drained below the high-water mark: pipelined requests continue.
            drive(connection)
        }
    }

    private func isOpen(_ connection: Connection) -> Bool { connections[Int(connection.fd)] === connection }

    private func readable(_ connection: Connection) {
        let fd = connection.fd
        let count = connection.http.receive { space in cepoll_recv(fd, space.baseAddress, space.count) }
        if count > 0 {
            drive(connection)
        } else if count == 0 {
            perform(connection, connection.http.inputEnded())
        } else if count == -2 {
            updateInterest(connection)
        } else {
            let error = errnoValue()
            if error != EAGAIN, error != EWOULDBLOCK { closeConnection(connection) }
        }
    }

    /// Does what the connection asks, then what it asks next, until it waits.
    func drive(_ connection: Connection) {
        guard isOpen(connection) else { return }
        perform(connection, connection.http.next())
    }

    /// Does `action`, then keeps asking the connection until it waits or closes.
    private func perform(_ connection: Connection, _ action: HTTPConnection.Action) {
        var action = action
        while true {
            switch action {
            case .wait:
                updateInterest(connection)
                return
            case .startHandler(let route):
                if let request = connection.http.request { startHandler(connection, request, routeIndex: route) }
            case .write:
                if !write(connection) { return }
                if connection.http.outputPending {
                    updateInterest(connection)
                    return
                }
            case .shutdownWrite:
                _ = cepoll_shutdown_write(connection.fd)
            case .close:
                closeConnection(connection)
                return
            }
            action = connection.http.next()
        }
    }

    /// Writes queued output until the socket is full; false when the connection was closed.
    private func write(_ connection: Connection) -> Bool {
        let fd = connection.fd
        while connection.http.outputPending {
            let sent = connection.http.withPendingOutput { raw in cepoll_send(fd, raw.baseAddress, raw.count) }
            if sent > 0 {
                connection.http.sent(sent)
                continue
            }
            let error = errnoValue()
            if sent < 0, error == EAGAIN || error == EWOULDBLOCK {
                connection.http.writeBlocked()
                return true
            }
            closeConnection(connection)
            return false
        }
        return true
    }

    func updateInterest(_ connection: Connection) {
        let wanted = connection.http.interest
        guard wanted != connection.interest else { return }
        connection.interest = wanted
        reactor.change(connection.fd, to: wanted, token: Self.connectionToken(fd: connection.fd, serial: connection.serial))
    }

    func closeConnection(_ connection: Connection) {
        guard isOpen(connection) else { return }
        connections[Int(connection.fd)] = nil
        // Nobody will read what a worker is computing for this connection: tell it to stop.
        if let cancellation = connection.http.cancellation,
           cancellation.cancel(drainDeadline.map { now >= $0 } ?? false ? .shuttingDown : .clientGone) {
            counters.cancelled.add(1, ordering: .relaxed)
        }
        connection.http.close()
        openCount -= 1
        counters.openConnections.add(-1, ordering: .relaxed)
        close(connection.fd)
    }

    // MARK: - Timers and shutdown

    private func sweep() {
        if acceptPausedUntil != 0, now >= acceptPausedUntil, listenFD >= 0 {
            acceptPausedUntil = 0
            reactor.change(listenFD, to: .read, token: Self.token(.listener, listenFD))
        }
        let draining = drainDeadline != nil
        for slot in connections.indices {
            guard let connection = connections[slot] else { continue }
            perform(connection, connection.http.tick(draining: draining))
        }
    }

    private func beginDrain() {
        drainDeadline = now + nanos(shared.configuration.drainTimeout)
        if listenFD >= 0 {
            reactor.unwatch(listenFD)
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
            guard let connection = connections[slot], let cancellation = connection.http.cancellation,
                  !cancellation.hasStarted else { continue }
            if cancellation.cancel(.shuttingDown) { counters.cancelled.add(1, ordering: .relaxed) }
            // Taken by a worker after all (between the check and the cancel): it answers.
            guard !cancellation.hasStarted else { continue }
            connection.http.answer(Self.notRun)
            drive(connection)
            answered.insert(slot)
        }
        // Then running handlers are told to stop; every other connection is cut.
        for slot in connections.indices where !answered.contains(slot) {
            guard let connection = connections[slot] else { continue }
            if let cancellation = connection.http.cancellation {
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
}
