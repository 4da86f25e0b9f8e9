import HTTPParser
import CEpoll
#if canImport(Glibc)
import Glibc
#endif

/// Reading, parsing, dispatching and writing for one connection.
extension EventLoop {
    func connectionEvent(_ connection: Connection, _ events: UInt32) {
        if events & UInt32(CEPOLL_ERR) != 0 {
            closeConnection(connection)
            return
        }
        if events & UInt32(CEPOLL_RDHUP) != 0, connection.phase == .handling {
            // The client hung up while a worker runs its request (input may be paused).
            peerClosed(connection)
            return
        }
        if events & UInt32(CEPOLL_IN | CEPOLL_HUP) != 0 {
            readable(connection)
            guard connections[Int(connection.fd)] === connection else { return }
        }
        if events & UInt32(CEPOLL_OUT) != 0 {
            flush(connection)
            guard connections[Int(connection.fd)] === connection else { return }
            // Output drained below the high-water mark: pipelined requests may continue.
            process(connection)
            flush(connection)
        }
    }

    private func readable(_ connection: Connection) {
        // A large body is read in bigger gulps (not one only skipped: it is never kept).
        if connection.phase == .body, !connection.discarding, connection.inbuf.count < 65_536 {
            connection.inbuf.append(contentsOf: repeatElement(0, count: 65_536 - connection.inbuf.count))
        }
        let count = receive(connection)
        if count > 0 {
            counters.bytesIn.add(count, ordering: .relaxed)
            if connection.phase == .lingering {
                connection.inStart = connection.inEnd
                return
            }
            process(connection)
            flush(connection)
        } else if count == 0 {
            peerClosed(connection)
        } else if count == -2 {
            updateInterest(connection)
        } else {
            let error = errnoValue()
            if error != EAGAIN, error != EWOULDBLOCK { closeConnection(connection) }
        }
    }

    /// recv into free buffer space: bytes read, 0 at end of stream, -1 error, -2 buffer full.
    private func receive(_ connection: Connection) -> Int {
        if connection.inStart == connection.inEnd {
            connection.inStart = 0
            connection.inEnd = 0
        }
        if connection.inEnd == connection.inbuf.count {
            if connection.inStart > 0 {
                let start = connection.inStart, end = connection.inEnd
                connection.inbuf.withUnsafeMutableBytes { raw in
                    _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
                }
                connection.inEnd -= start
                connection.inStart = 0
            } else if connection.inbuf.count < maxBufferBytes {
                let grow = min(connection.inbuf.count, maxBufferBytes - connection.inbuf.count)
                connection.inbuf.append(contentsOf: repeatElement(0, count: grow))
            } else {
                return -2
            }
        }
        let end = connection.inEnd
        let received = connection.inbuf.withUnsafeMutableBytes { raw in
            cepoll_recv(connection.fd, raw.baseAddress! + end, raw.count - end)
        }
        if received > 0 { connection.inEnd += received }
        return received
    }

    private func peerClosed(_ connection: Connection) {
        connection.peerClosed = true
        switch connection.phase {
        case .handling:
            // A worker runs the request: the client left (a half-closed client that still
            // reads is taken for gone too: the connection's end is all the loop can see), so
            // the handler is told to stop and its answer will be dropped.
            closeConnection(connection)
        case .head where connection.outputPending && !connection.requestStarted:
            connection.closeAfterWrite = true
            updateInterest(connection)
        default:
            // A request cut short can never complete; nothing to answer.
            closeConnection(connection)
        }
    }

    // MARK: - Parsing

    /// Parses and serves as many buffered requests as order and back-pressure allow.
    func process(_ connection: Connection) {
        while connections[Int(connection.fd)] === connection {
            switch connection.phase {
            case .handling, .lingering:
                return
            case .body:
                if !consumeBody(connection) { return }
            case .head:
                if connection.closeAfterWrite || connection.buffered == 0 { return }
                if connection.outbuf.count - connection.outStart > Self.outputHighWater { return }
                if !connection.requestStarted {
                    connection.requestStarted = true
                    connection.requestStart = now
                    connection.deadline = now + nanos(shared.configuration.headerTimeout)
                }
                let start = connection.inStart, end = connection.inEnd, scanned = connection.scanned
                let result = connection.inbuf.withUnsafeBytes { raw in
                    RequestHeadParser.parse(
                        UnsafeRawBufferPointer(rebasing: raw[start..<end]), previousLength: scanned,
                        limits: shared.configuration.limits, into: &connection.head)
                }
                switch result {
                case .needMore:
                    connection.scanned = end - start
                    return
                case .failed(let error):
                    fail(connection, error, request: nil)
                    return
                case .complete:
                    startRequest(connection)
                }
            }
        }
    }

    private func startRequest(_ connection: Connection) {
        let head = connection.head
        let headStart = connection.inStart
        connection.inStart += head.length
        connection.scanned = 0
        connection.requestBytes = head.length
        connection.inFlight = true
        counters.inFlight.add(1, ordering: .relaxed)
        let hasBody = head.framing != .none

        let routeIndex = connection.inbuf.withUnsafeBytes { raw in
            shared.router.route(raw, headStart + head.pathStart, headStart + head.pathEnd)
        }
        let route = routeIndex.map { shared.router[$0] }
        if !shared.router.middleware.isEmpty {
            let request = Request(head: head, buffer: connection.inbuf, base: headStart)
            let match = route.map { RouteMatch(path: $0.path, allow: $0.allow, servesMethod: $0.handler(for: head.method) != nil) }
            if let response = shared.router.intercept(request, route: match) {
                answerEarly(connection, response, request: request, route: route?.path)
                return
            }
        }
        guard let routeIndex, let route else {
            let request = Request(head: head, buffer: connection.inbuf, base: headStart)
            answerEarly(connection, .problem(status: 404, detail: "no such resource"), request: request, route: nil)
            return
        }
        guard route.handler(for: head.method) != nil else {
            let request = Request(head: head, buffer: connection.inbuf, base: headStart)
            var response = Response.problem(status: 405, detail: "method not allowed on this resource")
            response.headers.append(("Allow", route.allow))
            answerEarly(connection, response, request: request, route: route.path)
            return
        }
        // A request that outlives this call (body to come, or a worker) gets its own copy of the head.
        let request = hasBody || route.offload
            ? Request(head: head, buffer: Array(connection.inbuf[headStart..<(headStart + head.length)]), base: 0)
            : Request(head: head, buffer: connection.inbuf, base: headStart)
        if let precheck = route.precheck, let response = precheck(request) {
            answerEarly(connection, response, request: request, route: route.path)
            return
        }
        guard hasBody else {
            dispatch(connection, request, routeIndex: routeIndex)
            return
        }
        connection.pending = request
        connection.pendingRoute = routeIndex
        expectBody(connection, head)
        if head.expectContinue, connection.buffered == 0 {
            connection.outbuf += ResponseSerializer.continueLine
        }
    }

    /// Answers before the body is read. The body is then skipped so the connection stays
    /// usable, except when the client waits for 100-continue: it will not send the body.
    private func answerEarly(_ connection: Connection, _ response: Response, request: Request, route: String?) {
        let head = request.head
        guard head.framing != .none else {
            finish(connection, response, request: request, route: route)
            return
        }
        finish(connection, response, request: request, route: route, forceClose: head.expectContinue)
        guard !head.expectContinue, !connection.closeAfterWrite else { return }
        expectBody(connection, head)
        connection.discarding = true
    }

    private func expectBody(_ connection: Connection, _ head: RequestHead) {
        connection.body = []
        // No room is reserved from the declared length: the buffer grows as bytes arrive.
        connection.bodyLimit = shared.configuration.limits.maxBodyBytes
        switch head.framing {
        case .contentLength(let length):
            connection.contentRemaining = length
            connection.bodyLimit = length
        case .chunked:
            connection.chunked = ChunkedDecoder(maxBodyBytes: shared.configuration.limits.maxBodyBytes)
        case .none:
            break
        }
        connection.phase = .body
        connection.deadline = now + nanos(shared.configuration.bodyTimeout)
    }

    /// Moves buffered body bytes into the request; true once the request was dispatched.
    private func consumeBody(_ connection: Connection) -> Bool {
        let start = connection.inStart, end = connection.inEnd
        if var decoder = connection.chunked {
            // Decoded bytes never outnumber the encoded ones.
            if !connection.discarding, !growBody(connection, by: end - start) { return false }
            let (consumed, status) = connection.inbuf.withUnsafeBytes { raw in
                decoder.decode(UnsafeRawBufferPointer(rebasing: raw[start..<end]), into: &connection.body,
                               discard: connection.discarding)
            }
            connection.chunked = decoder
            if !connection.discarding { accountBody(connection) }
            connection.inStart += consumed
            connection.requestBytes += consumed
            switch status {
            case .needMore: return false
            case .failed(let error):
                if connection.discarding {
                    // Already answered: a broken body just ends the connection.
                    connection.closeAfterWrite = true
                    connection.lingerOnClose = true
                    connection.phase = .head
                    return false
                }
                fail(connection, error, request: connection.pending)
                return false
            case .done: break
            }
        } else {
            let take = min(connection.contentRemaining, end - start)
            if !connection.discarding, !growBody(connection, by: take) { return false }
            if !connection.discarding { connection.body.append(contentsOf: connection.inbuf[start..<(start + take)]) }
            connection.inStart += take
            connection.requestBytes += take
            connection.contentRemaining -= take
            if connection.contentRemaining > 0 { return false }
        }
        if connection.discarding {
            connection.discarding = false
            connection.body = []
            connection.chunked = nil
            connection.phase = .head
            connection.deadline = now + nanos(shared.configuration.idleTimeout)
            return true
        }
        guard var request = connection.pending else { return false }
        request.body = connection.body
        connection.body = []
        connection.pending = nil
        connection.chunked = nil
        connection.phase = .head
        dispatch(connection, request, routeIndex: connection.pendingRoute)
        return true
    }

    private func dispatch(_ connection: Connection, _ request: Request, routeIndex: Int) {
        let route = shared.router[routeIndex]
        guard let handler = route.handler(for: request.method) else { return }
        let inline = !route.offload
            || (request.body.count <= shared.configuration.inlineBodyBytes && !connection.costlyOnLoop
                && route.isCheap?(request) ?? true)
        if inline || shared.workers == nil {
            // An offloaded route's handler on the loop is a first attempt, bounded by the
            // handler: it answers `runOnWorker` when the work or the answer costs more.
            var attempt = request
            attempt.onLoop = route.offload && shared.workers != nil
            let response = handler(attempt)
            if !(response.handOff && attempt.onLoop) {
                finish(connection, response, request: request, route: route.path)
                return
            }
            connection.costlyOnLoop = true
        }
        guard let workers = shared.workers else { return }
        var copy = request
        let cancellation = Cancellation()
        copy.cancellation = cancellation
        let offloaded = copy
        connection.phase = .handling
        connection.pending = offloaded
        connection.pendingRoute = routeIndex
        connection.cancellation = cancellation
        let fd = connection.fd, serial = connection.serial
        let memory = shared.memory
        let scaled = request.body.count.multipliedReportingOverflow(by: shared.configuration.offloadMemoryPerBodyByte)
        let base = scaled.overflow ? Int.max : scaled.partialValue.addingReportingOverflow(shared.configuration.offloadMemoryPerRequest).partialValue
        let extraMemory = memory == nil ? nil : shared.router[routeIndex].extraMemory
        let trim = shared.configuration.trimAfterBodyBytes.map { request.body.count >= $0 } ?? false
        let accepted = workers.submit(WorkerPool.Job { [self] in
            // Waits while the memory budget cannot cover this request (as if still queued).
            // What the route adds (a form's screenshot, read from its header) is worked out
            // here on the worker, not on the loop that handed the request over.
            let sum = base.addingReportingOverflow(max(0, extraMemory?(offloaded) ?? 0))
            let estimate = sum.overflow ? Int.max : sum.partialValue
            let reservation = memory?.reserve(estimate < 0 ? .max : estimate, unless: cancellation)
            // Cancelled while queued or waiting (client gone: the answer is dropped; drain
            // over: the client reads this): skip the work.
            var response = (memory == nil || reservation != nil) && cancellation.begin()
                ? handler(offloaded) : EventLoop.notRun
            if trim { _ = cepoll_release_free_memory() }
            // The audit's memory is gone; its answer's bytes stay reserved until written.
            if let reservation, !reservation.resize(to: response.body.count) {
                counters.answerRefusals.add(1, ordering: .relaxed)
                response = EventLoop.answerRefused
            } else {
                response.reservation = reservation
            }
            complete(fd: fd, serial: serial, response: response)
        })
        if !accepted {
            connection.cancellation = nil
            connection.phase = .head
            connection.pending = nil
            var response = Response.problem(status: 503, detail: "too many requests waiting; retry shortly")
            response.headers.append(("Retry-After", "1"))
            finish(connection, response, request: request, route: route.path)
        }
    }

    /// For an answer whose bytes the memory budget cannot hold now (`MemoryBudget`).
    static let answerRefused: Response = {
        var response = Response.problem(
            status: 503, detail: "the server holds too many answer bytes for slow readers right now; retry shortly")
        response.headers.append(("Retry-After", "1"))
        response.close = true
        return response
    }()

    /// For a request cancelled before a worker took it.
    static let notRun: Response = {
        var response = Response.problem(status: 503, detail: "not run: the server is shutting down; retry shortly")
        response.headers.append(("Retry-After", "1"))
        response.close = true
        return response
    }()

    // MARK: - Body memory

    /// Makes room in the body buffer for `extra` more bytes, growing it geometrically (never
    /// past the request's own limit) within the server-wide cap. When the cap forbids it the
    /// request is answered 503 and the connection closes; false then.
    private func growBody(_ connection: Connection, by extra: Int) -> Bool {
        let needed = connection.body.count + extra
        guard needed > connection.body.capacity else { return true }
        let target = max(needed, min(max(connection.body.capacity * 2, 4_096), connection.bodyLimit))
        let more = target - connection.bodyAccounted
        let total = shared.bufferedBytes.add(more, ordering: .relaxed).newValue
        guard total <= shared.configuration.maxBufferedBytes else {
            shared.bufferedBytes.subtract(more, ordering: .relaxed)
            counters.bufferRefusals.add(1, ordering: .relaxed)
            var response = Response.problem(
                status: 503, detail: "the server holds too many request bytes right now; retry shortly")
            response.headers.append(("Retry-After", "1"))
            let request = connection.pending
            let route = request.map { _ in shared.router[connection.pendingRoute].path }
            connection.pending = nil
            connection.chunked = nil
            connection.body = []
            releaseBody(connection)
            finish(connection, response, request: request, route: route, forceClose: true)
            return false
        }
        connection.bodyAccounted = target
        connection.body.reserveCapacity(target)
        accountBody(connection)
        return true
    }

    /// Brings the shared count in line with the body buffer's real capacity.
    private func accountBody(_ connection: Connection) {
        let capacity = connection.body.capacity
        guard capacity != connection.bodyAccounted else { return }
        shared.bufferedBytes.add(capacity - connection.bodyAccounted, ordering: .relaxed)
        connection.bodyAccounted = capacity
    }

    /// The request's body memory is no longer held by this connection's request.
    func releaseBody(_ connection: Connection) {
        guard connection.bodyAccounted != 0 else { return }
        shared.bufferedBytes.subtract(connection.bodyAccounted, ordering: .relaxed)
        connection.bodyAccounted = 0
    }

    // MARK: - Answering

    func fail(_ connection: Connection, _ error: ParseError, request: Request?) {
        connection.pending = nil
        connection.chunked = nil
        connection.body = []
        finish(connection, .problem(status: error.status, detail: error.detail), request: request, route: nil,
               forceClose: true)
    }

    /// Queues a response, reports the exchange and readies the connection for the next request.
    func finish(_ connection: Connection, _ response: Response, request: Request?, route: String?,
                forceClose: Bool = false) {
        var response = response
        if !shared.router.middleware.isEmpty { shared.router.amend(&response, for: request) }
        if response.requestID == nil, let observer = shared.observer {
            response.requestID = observer.requestID(for: request)
        }
        releaseBody(connection)
        if let reservation = response.reservation {
            connection.reservation = reservation
        } else if response.body.count > shared.configuration.unreservedAnswerBytes, let memory = shared.memory {
            // An answer built on the loop holds its bytes until written, reserved like a worker's.
            if let reservation = memory.tryReserve(response.body.count) {
                connection.reservation = reservation
            } else {
                counters.answerRefusals.add(1, ordering: .relaxed)
                let id = response.requestID
                response = EventLoop.answerRefused
                response.requestID = id
            }
        }
        let keepAlive = request?.head.keepAlive ?? false
        let close = forceClose || response.close || !keepAlive || connection.peerClosed
            || shared.draining.load(ordering: .relaxed)
        let written = ResponseSerializer.write(
            response, date: date.line, headOnly: request?.method == .head, close: close,
            announceKeepAlive: !close && request?.versionMinor == 0, into: &connection.outbuf)
        counters.bytesOut.add(written, ordering: .relaxed)
        if connection.inFlight {
            connection.inFlight = false
            counters.inFlight.add(-1, ordering: .relaxed)
        }
        if let observer = shared.observer {
            let exchange = Exchange(
                method: request?.method, path: request?.path ?? "", route: route, status: response.status,
                requestBytes: request == nil ? connection.buffered : connection.requestBytes,
                responseBytes: written,
                durationNanos: connection.requestStarted ? now &- connection.requestStart : 0,
                requestID: response.requestID)
            observer.exchangeCompleted(exchange, loop: index)
        }
        connection.requestBytes = 0
        connection.requestStarted = false
        connection.phase = .head
        connection.deadline = now + nanos(shared.configuration.idleTimeout)
        if close { connection.closeAfterWrite = true }
        if forceClose { connection.lingerOnClose = true }
    }

    /// Writes queued output; on a drained close-after-write response, starts lingering.
    func flush(_ connection: Connection) {
        guard connections[Int(connection.fd)] === connection else { return }
        while connection.outputPending {
            let start = connection.outStart
            let sent = connection.outbuf.withUnsafeBytes { raw in
                cepoll_send(connection.fd, raw.baseAddress! + start, raw.count - start)
            }
            if sent > 0 {
                connection.outStart += sent
                continue
            }
            let error = errnoValue()
            if sent < 0, error == EAGAIN || error == EWOULDBLOCK { break }
            closeConnection(connection)
            return
        }
        if connection.outputPending {
            connection.writeDeadline = now + nanos(shared.configuration.writeTimeout)
        } else {
            connection.reservation = nil
            if connection.outbuf.capacity > 1 << 20 {
                connection.outbuf = []
            } else {
                connection.outbuf.removeAll(keepingCapacity: true)
            }
            connection.outStart = 0
            if connection.closeAfterWrite, connection.phase != .handling {
                linger(connection)
                return
            }
        }
        updateInterest(connection)
    }

    /// Shut our side and drain theirs briefly, so unread request bytes do not make the
    /// kernel reset the connection before the client has read our final response.
    private func linger(_ connection: Connection) {
        if connection.peerClosed || !connection.lingerOnClose {
            closeConnection(connection)
            return
        }
        _ = cepoll_shutdown_write(connection.fd)
        connection.phase = .lingering
        connection.inStart = connection.inEnd
        connection.deadline = now + Self.lingerNanos
        updateInterest(connection)
    }
}
