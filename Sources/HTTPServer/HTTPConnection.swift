import HTTPParser

/// What a connection needs from the loop that runs it: settings, the router and its
/// middleware, the server-wide memory bounds, counters, the clock and the Date line. No
/// socket: a test builds one and feeds a connection bytes.
final class HTTPContext {
    let shared: ServerShared
    let counters: LoopCounters
    /// The loop's index, for middleware that keeps per-loop state.
    let loop: Int
    /// Monotonic nanoseconds, moved by the loop after every wait. (Only the loop's thread
    /// touches these: no run-time exclusivity check, see `HTTPConnection.state`.)
    @exclusivity(unchecked) var now: UInt64 = 0
    @exclusivity(unchecked) var date = DateHeader()
    /// The most input a connection buffers: the largest head allowed, plus a read's worth.
    let maxInputBytes: Int

    init(shared: ServerShared, counters: LoopCounters, loop: Int) {
        self.shared = shared
        self.counters = counters
        self.loop = loop
        configuration = shared.configuration
        router = shared.router
        maxInputBytes = shared.configuration.limits.maxHeadBytes + 4_096
    }

    /// `shared`'s, held here too so the hot path reads them without a copy.
    let configuration: ServerConfiguration
    let router: Router

    func after(_ seconds: Double) -> UInt64 { now + nanos(seconds) }
}

func nanos(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1_000_000_000) }

/// One HTTP/1.1 connection as a state machine, apart from its socket (as swift-nio's
/// `HTTPServerPipelineHandler`): bytes, hang-ups, handlers' answers and time go in
/// (`receive`, `inputEnded`, `answer`, `tick`); what the socket must do next comes out
/// (`next`: start a handler, write, shut the write side, close). Requests are answered in
/// order: nothing more is parsed while a handler holds one.
final class HTTPConnection {
    enum State: Equatable {
        /// Between requests: no byte of the next one has been looked at (keep-alive idle).
        case idle
        /// Some bytes of a request head have arrived.
        case readingHead
        /// The head is complete; its body is read to go with the request.
        case readingBody
        /// The request was answered from its head (401, 404, ...); its body is read only to skip it.
        case skippingBody
        /// The request's handler runs (`next` said `startHandler`) until `answer`.
        case waitingForHandler
        /// The last answer is queued: once it is written the connection closes, or lingers
        /// when request bytes may be left unread (after an error).
        case closing(lingers: Bool)
        /// The client ended its side with answers still queued: write them, then close.
        case peerClosed
        /// Write side shut after an error answer; input is read and dropped until the client
        /// closes or the linger time passes, so it reads the answer rather than a reset.
        case lingering
        case closed

        /// A request was accepted and is not answered yet (`a11y_http_requests_in_flight`).
        var holdsRequest: Bool {
            switch self {
            case .readingBody, .waitingForHandler: true
            default: false
            }
        }
    }

    /// What the socket must do next.
    enum Action {
        /// Nothing until more bytes arrive, the socket takes more, a handler answers or time passes.
        case wait
        /// Run the route's handler for `request` (on the loop or a worker) and give its
        /// answer to `answer`.
        case startHandler(route: Int)
        /// Write the queued output (`withPendingOutput`), reporting with `sent` (and `writeBlocked`
        /// when the socket is full).
        case write
        /// Shut the socket's write side; the connection lingers.
        case shutdownWrite
        /// Close the socket (then call `close`).
        case close
    }

    static let lingerNanos: UInt64 = 2_000_000_000
    /// Answers queued beyond this stop the parsing of further pipelined requests.
    static let outputHighWater = 1 << 20

    let context: HTTPContext
    // Speed: `@exclusivity(unchecked)` on the state a request touches. Swift checks at run time
    // that no two accesses to a class's stored property overlap, on every access it cannot
    // prove alone (a buffer lent to a closure or passed inout): some 80 instructions each, a
    // dozen times per request here. A connection is driven by one thread, one call at a time,
    // and lends its buffers only for the length of a call, so no access can overlap another.
    @exclusivity(unchecked) private(set) var state = State.idle {
        // Counted on the way in and out, whatever the path (answered, refused, closed).
        didSet {
            if state.holdsRequest != oldValue.holdsRequest {
                context.counters.inFlight.add(state.holdsRequest ? 1 : -1, ordering: .relaxed)
            }
        }
    }
    /// The armed timer: what happens when it passes depends on the state (`tick`).
    private(set) var deadline: UInt64
    /// When queued output that the client does not read ends the connection.
    private(set) var writeDeadline: UInt64 = 0

    // Input: bytes live in inbuf[inStart..<inEnd]; the array's count is its capacity.
    @exclusivity(unchecked) private(set) var inbuf: [UInt8]
    private(set) var inStart = 0
    private(set) var inEnd = 0
    /// Bytes of the current head already scanned (parser hint).
    private var scanned = 0
    @exclusivity(unchecked) private var head = RequestHead()

    // The request being read or handled.
    private var requestStart: UInt64 = 0
    private var requestBytes = 0
    @exclusivity(unchecked) private var pending: Request?
    private var pendingRoute = 0
    private var contentRemaining = 0
    @exclusivity(unchecked) private var chunked: ChunkedDecoder?
    @exclusivity(unchecked) private var body: [UInt8] = []
    /// `body`'s capacity as counted in `ServerShared.bufferedBytes` (also while a worker
    /// holds the request), returned when the answer is queued or the connection closes.
    private var bodyAccounted = 0
    /// The most a body of this request can hold: its Content-Length, or the body limit.
    private var bodyLimit = 0
    /// An offloaded route's handler tried on the loop found an earlier request of this
    /// connection too costly (`Response.runOnWorker`): its later requests go straight to a
    /// worker, as a client tends to send the same kind of request again.
    var sendsCostlyRequests = false

    // Output.
    @exclusivity(unchecked) private(set) var outbuf: [UInt8] = []
    private(set) var outStart = 0
    /// The memory reservation of the answer in `outbuf`, dropped once it is written.
    @exclusivity(unchecked) private var reservation: MemoryReservation?

    init(context: HTTPContext, bufferBytes: Int = 4_096) {
        self.context = context
        inbuf = [UInt8](repeating: 0, count: bufferBytes)
        deadline = context.after(context.configuration.headerTimeout)
    }

    var buffered: Int { inEnd - inStart }
    var outputPending: Bool { outStart < outbuf.count }

    /// The request `next` started a handler for (`startHandler`), until it is answered.
    var request: Request? { pending }

    /// What the worker running this connection's handler polls; nil while no worker runs one.
    @exclusivity(unchecked) private(set) var cancellation: Cancellation?

    /// What the socket should be watched for in this state.
    var interest: Interest {
        var wanted: Interest = []
        let inputFull = buffered >= inbuf.count && inbuf.count >= context.maxInputBytes
        let ended = state == .peerClosed || state == .closed
        if !ended, !inputFull { wanted.insert(.read) }
        // While a handler holds the request, a hang-up must be seen even with input paused.
        if state == .waitingForHandler { wanted.insert(.peerHangUp) }
        if outputPending { wanted.insert(.write) }
        return wanted
    }

    // MARK: - Inputs

    /// Reads with `read` (a recv into the free input space, returning its count, 0 at the
    /// end of the stream, negative on error): what it returned, or -2 when input is full.
    func receive(_ read: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        // A large body is read in bigger gulps (not one only skipped: it is never kept).
        if state == .readingBody, inbuf.count < 65_536 {
            inbuf.append(contentsOf: repeatElement(0, count: 65_536 - inbuf.count))
        }
        if inStart == inEnd {
            inStart = 0
            inEnd = 0
        }
        if inEnd == inbuf.count {
            if inStart > 0 {
                let start = inStart, end = inEnd
                inbuf.withUnsafeMutableBytes { raw in
                    raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: end - start)
                }
                inEnd -= start
                inStart = 0
            } else if inbuf.count < context.maxInputBytes {
                let grow = min(inbuf.count, context.maxInputBytes - inbuf.count)
                inbuf.append(contentsOf: repeatElement(0, count: grow))
            } else {
                return -2
            }
        }
        let end = inEnd
        let received = inbuf.withUnsafeMutableBytes { raw in read(UnsafeMutableRawBufferPointer(rebasing: raw[end...])) }
        guard received > 0 else { return received }
        inEnd += received
        context.counters.bytesIn.add(received, ordering: .relaxed)
        if state == .lingering { inStart = inEnd }
        return received
    }

    /// The client ended its side (a read returned 0), or hung up while a handler runs.
    func inputEnded() -> Action {
        switch state {
        case .idle where outputPending, .closing where outputPending:
            // Answers to earlier requests are still queued: the client may still read them.
            state = .peerClosed
            return .wait
        default:
            // A request cut short can never complete: nothing to answer. A handler's answer
            // would go nowhere (a half-closed client that still reads is taken for gone too:
            // the connection's end is all the loop can see).
            return .close
        }
    }

    /// The handler's answer to the request `next` started (`startHandler`).
    func answer(_ response: Response) {
        guard state == .waitingForHandler else { return }
        cancellation = nil
        finish(response, request: pending.take(), route: context.router.path(of: pendingRoute))
    }

    /// The handler runs on a worker, which polls `cancellation`.
    func handlerRunsOnWorker(_ cancellation: Cancellation) {
        guard state == .waitingForHandler else { return }
        self.cancellation = cancellation
    }

    /// Bytes of the queued output the socket took.
    func sent(_ count: Int) {
        outStart += count
        guard !outputPending else { return }
        reservation = nil
        if outbuf.capacity > 1 << 20 {
            outbuf = []
        } else {
            outbuf.removeAll(keepingCapacity: true)
        }
        outStart = 0
    }

    /// The socket takes no more for now: the client has `writeTimeout` to read on.
    func writeBlocked() {
        writeDeadline = context.after(context.configuration.writeTimeout)
    }

    /// Calls `write` with the queued output; it returns what the socket took.
    func withPendingOutput<R>(_ write: (UnsafeRawBufferPointer) -> R) -> R {
        let start = outStart
        return outbuf.withUnsafeBytes { raw in write(UnsafeRawBufferPointer(rebasing: raw[start...])) }
    }

    /// The periodic timer check (`Reactor.tickNanos`); `draining`: the server is shutting
    /// down, and idle connections close now.
    func tick(draining: Bool) -> Action {
        let now = context.now
        if outputPending { return now >= writeDeadline ? .close : .wait }
        switch state {
        case .waitingForHandler, .closed:
            return .wait
        case .lingering, .skippingBody:
            return now >= deadline ? .close : .wait
        case .idle where buffered == 0:
            // Idle keep-alive: close silently (RFC 9112 §9.8 allows it at any time).
            return draining || now >= deadline ? .close : .wait
        case .idle, .readingHead, .readingBody:
            guard now >= deadline else { return .wait }
            fail(ParseError(408, "request not completed in time"), request: pending)
            return next()
        case .closing, .peerClosed:
            return .close
        }
    }

    /// Lets go of what the connection holds (body memory, the answer's reservation); the
    /// socket is closed by its owner.
    func close() {
        releaseBody()
        reservation = nil
        pending = nil
        cancellation = nil
        state = .closed
    }

    // MARK: - Output

    /// What to do next: parses and answers buffered requests as far as order and
    /// back-pressure allow, then asks for the output to be written, then for the close.
    func next() -> Action {
        if parse() { return .startHandler(route: pendingRoute) }
        if outputPending { return .write }
        switch state {
        case .closing(lingers: true):
            // Shut our side and drain theirs briefly, so unread request bytes do not make the
            // kernel reset the connection before the client has read our final answer.
            state = .lingering
            inStart = inEnd
            deadline = context.now + Self.lingerNanos
            return .shutdownWrite
        case .closing, .peerClosed:
            return .close
        default:
            return .wait
        }
    }

    // MARK: - Parsing

    /// Parses buffered input: true when a request is ready for its handler (`request`),
    /// false when more input (or a handler's answer, or the client reading) is needed first.
    private func parse() -> Bool {
        while true {
            switch state {
            case .waitingForHandler, .closing, .peerClosed, .lingering, .closed:
                return false
            case .readingBody, .skippingBody:
                switch consumeBody() {
                case .needMore: return false
                case .skipped: continue
                case .complete: return true
                }
            case .idle, .readingHead:
                if buffered == 0 { return false }
                if outbuf.count - outStart > Self.outputHighWater { return false }
                if state == .idle {
                    state = .readingHead
                    requestStart = context.now
                    deadline = context.after(context.configuration.headerTimeout)
                }
                let start = inStart, end = inEnd, scanned = scanned
                let limits = context.configuration.limits
                let result = inbuf.withUnsafeBytes { raw in
                    RequestHeadParser.parse(
                        UnsafeRawBufferPointer(rebasing: raw[start..<end]), previousLength: scanned,
                        limits: limits, into: &head)
                }
                switch result {
                case .needMore:
                    self.scanned = end - start
                    return false
                case .failed(let error):
                    fail(error, request: nil)
                    return false
                case .complete:
                    if startRequest() { return true }
                }
            }
        }
    }

    /// A complete head: answered at once (middleware, 404, 405, precheck), or its body is
    /// read next, or (no body) the request is ready for its handler.
    private func startRequest() -> Bool {
        let head = self.head
        let headStart = inStart
        inStart += head.length
        scanned = 0
        requestBytes = head.length
        let hasBody = head.framing != .none

        let routeIndex = inbuf.withUnsafeBytes { raw in
            context.router.route(raw, headStart + head.pathStart, headStart + head.pathEnd)
        }
        let route = routeIndex.map { context.router[$0] }
        if !context.router.middleware.interceptors.isEmpty {
            let request = Request(head: head, buffer: inbuf, base: headStart)
            let match = route.map { RouteMatch(path: $0.path, allow: $0.allow, servesMethod: $0.handler(for: head.method) != nil) }
            if let response = context.router.intercept(request, route: match) {
                answerEarly(response, request: request, route: route?.path)
                return false
            }
        }
        guard let routeIndex, let route else {
            let request = Request(head: head, buffer: inbuf, base: headStart)
            answerEarly(.problem(status: 404, detail: "no such resource"), request: request, route: nil)
            return false
        }
        guard route.handler(for: head.method) != nil else {
            let request = Request(head: head, buffer: inbuf, base: headStart)
            var response = Response.problem(status: 405, detail: "method not allowed on this resource")
            response.headers.append(("Allow", route.allow))
            answerEarly(response, request: request, route: route.path)
            return false
        }
        // A request that outlives this call (body to come, or a worker) gets its own copy of the head.
        let request = hasBody || route.offload
            ? Request(head: head, buffer: Array(inbuf[headStart..<(headStart + head.length)]), base: 0)
            : Request(head: head, buffer: inbuf, base: headStart)
        if let precheck = route.precheck, let response = precheck(request) {
            answerEarly(response, request: request, route: route.path)
            return false
        }
        pending = request
        pendingRoute = routeIndex
        guard hasBody else {
            state = .waitingForHandler
            return true
        }
        expectBody(head, skipping: false)
        if head.expectContinue, buffered == 0 {
            outbuf += ResponseSerializer.continueLine
        }
        return false
    }

    /// Answers before the body is read. The body is then skipped so the connection stays
    /// usable, except when the client waits for 100-continue: it will not send the body.
    private func answerEarly(_ response: Response, request: Request, route: String?) {
        let head = request.head
        guard head.framing != .none else {
            finish(response, request: request, route: route)
            return
        }
        finish(response, request: request, route: route, forceClose: head.expectContinue)
        guard !head.expectContinue, state == .idle else { return }
        expectBody(head, skipping: true)
    }

    private func expectBody(_ head: RequestHead, skipping: Bool) {
        body = []
        // No room is reserved from the declared length: the buffer grows as bytes arrive.
        let maxBodyBytes = context.configuration.limits.maxBodyBytes
        bodyLimit = maxBodyBytes
        switch head.framing {
        case .contentLength(let length):
            contentRemaining = length
            bodyLimit = length
        case .chunked:
            chunked = ChunkedDecoder(maxBodyBytes: maxBodyBytes)
        case .none:
            break
        }
        state = skipping ? .skippingBody : .readingBody
        deadline = context.after(context.configuration.bodyTimeout)
    }

    private enum BodyProgress {
        case needMore
        /// A skipped body is over: the connection is idle again.
        case skipped
        case complete
    }

    /// Moves buffered body bytes into the request (or past them, when skipping).
    private func consumeBody() -> BodyProgress {
        let skipping = state == .skippingBody
        let start = inStart, end = inEnd
        if var decoder = chunked {
            // Decoded bytes never outnumber the encoded ones.
            if !skipping, !growBody(by: end - start) { return .needMore }
            let (consumed, status) = inbuf.withUnsafeBytes { raw in
                decoder.decode(UnsafeRawBufferPointer(rebasing: raw[start..<end]), into: &body, discard: skipping)
            }
            chunked = decoder
            if !skipping { accountBody() }
            inStart += consumed
            requestBytes += consumed
            switch status {
            case .needMore: return .needMore
            case .failed(let error):
                if skipping {
                    // Already answered: a broken body just ends the connection.
                    chunked = nil
                    state = .closing(lingers: true)
                    return .needMore
                }
                fail(error, request: pending)
                return .needMore
            case .done: break
            }
        } else {
            let take = min(contentRemaining, end - start)
            if !skipping, !growBody(by: take) { return .needMore }
            if !skipping { body.append(contentsOf: inbuf[start..<(start + take)]) }
            inStart += take
            requestBytes += take
            contentRemaining -= take
            if contentRemaining > 0 { return .needMore }
        }
        chunked = nil
        if skipping {
            body = []
            state = .idle
            deadline = context.after(context.configuration.idleTimeout)
            return .skipped
        }
        guard var request = pending else { return .needMore }
        request.body = body
        body = []
        pending = request
        state = .waitingForHandler
        return .complete
    }

    // MARK: - Body memory

    /// Makes room in the body buffer for `extra` more bytes, growing it geometrically (never
    /// past the request's own limit) within the server-wide cap. When the cap forbids it the
    /// request is answered 503 and the connection closes; false then.
    private func growBody(by extra: Int) -> Bool {
        let needed = body.count + extra
        guard needed > body.capacity else { return true }
        let target = max(needed, min(max(body.capacity * 2, 4_096), bodyLimit))
        let more = target - bodyAccounted
        let shared = context.shared
        let total = shared.bufferedBytes.add(more, ordering: .relaxed).newValue
        guard total <= shared.configuration.maxBufferedBytes else {
            shared.bufferedBytes.subtract(more, ordering: .relaxed)
            context.counters.bufferRefusals.add(1, ordering: .relaxed)
            var response = Response.problem(
                status: 503, detail: "the server holds too many request bytes right now; retry shortly")
            response.headers.append(("Retry-After", "1"))
            let request = pending
            let route = request.map { _ in context.router.path(of: pendingRoute) }
            pending = nil
            chunked = nil
            body = []
            releaseBody()
            finish(response, request: request, route: route, forceClose: true)
            return false
        }
        bodyAccounted = target
        body.reserveCapacity(target)
        accountBody()
        return true
    }

    /// Brings the shared count in line with the body buffer's real capacity.
    private func accountBody() {
        let capacity = body.capacity
        guard capacity != bodyAccounted else { return }
        context.shared.bufferedBytes.add(capacity - bodyAccounted, ordering: .relaxed)
        bodyAccounted = capacity
    }

    /// The request's body memory is no longer held by this connection's request.
    private func releaseBody() {
        guard bodyAccounted != 0 else { return }
        context.shared.bufferedBytes.subtract(bodyAccounted, ordering: .relaxed)
        bodyAccounted = 0
    }

    // MARK: - Answering

    private func fail(_ error: ParseError, request: Request?) {
        pending = nil
        chunked = nil
        body = []
        finish(.problem(status: error.status, detail: error.detail), request: request, route: nil, forceClose: true)
    }

    /// Queues an answer, reports the exchange to the middleware and readies the connection
    /// for the next request (or for closing).
    private func finish(_ response: Response, request: Request?, route: String?, forceClose: Bool = false) {
        var response = response
        if !context.router.middleware.amenders.isEmpty { context.router.amend(&response, for: request) }
        releaseBody()
        if let held = response.reservation {
            reservation = held
        } else if response.body.count > context.configuration.unreservedAnswerBytes, let memory = context.shared.memory {
            // An answer built on the loop holds its bytes until written, reserved like a worker's.
            if let held = memory.tryReserve(response.body.count) {
                reservation = held
            } else {
                context.counters.answerRefusals.add(1, ordering: .relaxed)
                let id = response.requestID
                response = Self.answerRefused
                response.requestID = id
            }
        }
        let keepAlive = request?.head.keepAlive ?? false
        let close = forceClose || response.close || !keepAlive || context.shared.draining.load(ordering: .relaxed)
        let written = ResponseSerializer.write(
            response, date: context.date.line, headOnly: request?.method == .head, close: close,
            announceKeepAlive: !close && request?.versionMinor == 0, into: &outbuf)
        context.counters.bytesOut.add(written, ordering: .relaxed)
        if !context.router.middleware.observers.isEmpty {
            let exchange = Exchange(
                method: request?.method, path: request?.path ?? "", route: route, status: response.status,
                requestBytes: request == nil ? buffered : requestBytes,
                responseBytes: written,
                durationNanos: state == .idle ? 0 : context.now &- requestStart,
                requestID: response.requestID)
            context.router.completed(exchange, loop: context.loop)
        }
        requestBytes = 0
        pending = nil
        state = close ? .closing(lingers: forceClose) : .idle
        deadline = context.after(context.configuration.idleTimeout)
    }

    /// For an answer whose bytes the memory budget cannot hold now (`MemoryBudget`).
    static let answerRefused: Response = {
        var response = Response.problem(
            status: 503, detail: "the server holds too many answer bytes for slow readers right now; retry shortly")
        response.headers.append(("Retry-After", "1"))
        response.close = true
        return response
    }()
}
