import A11yTestSupport
import Testing
@testable import HTTPServer

/// A loop's context for connections fed by hand: no sockets, no workers, a clock that
/// moves only when a test moves it.
func testContext(_ router: Router, _ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> HTTPContext {
    var configuration = ServerConfiguration()
    adjust(&configuration)
    let context = HTTPContext(
        shared: ServerShared(configuration: configuration, router: router, workers: nil), counters: LoopCounters(), loop: 0)
    context.now = 1_000_000_000
    context.date.refresh()
    return context
}

/// The routes the connection tests use.
private func testRouter() -> Router {
    var router = Router()
    router.add(.get, "/hello") { _ in Response(status: 200, contentType: "text/plain", body: Array("hello".utf8)) }
    router.add(.post, "/echo") { request in Response(status: 200, body: request.body) }
    router.add(.post, "/work", offload: true) { request in Response(status: 200, body: Array("work:\(request.body.count)".utf8)) }
    // An answer of as many bytes as the body's decimal number.
    router.add(.post, "/big") { request in
        Response(status: 200, body: [UInt8](repeating: 0x78, count: Int(String(decoding: request.body, as: UTF8.self)) ?? 0))
    }
    router.add(.post, "/guarded", precheck: { request in
        request.header("x-key") == "yes" ? nil : .problem(status: 401, detail: "no key")
    }) { request in Response(status: 200, body: request.body) }
    return router
}

private func connection(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> InProcessConnection {
    var configuration = ServerConfiguration()
    adjust(&configuration)
    return InProcessConnection(router: testRouter(), configuration: configuration)
}

/// Feeds `text` to a bare state machine, as a socket's reads would.
private func feed(_ http: HTTPConnection, _ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let count = http.receive { space in
            let count = min(space.count, bytes.count - offset)
            bytes.withUnsafeBytes { space.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
            return count
        }
        offset += count
    }
}

/// Takes everything queued for writing, as a socket with room for it would.
private func written(_ http: HTTPConnection) -> [RawResponse] {
    let bytes = http.withPendingOutput { Array($0) }
    http.sent(bytes.count)
    return responses(in: bytes)
}

@Suite("HTTP connection state machine, fed bytes without a socket")
struct ConnectionStateTests {
    @Test func keepAliveAnswersRequestsInTurnAndReturnsToIdle() {
        let client = connection()
        for _ in 0..<3 {
            let answers = responses(in: client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"))
            #expect(answers.map(\.status) == [200])
            #expect(answers.first?.text == "hello")
            #expect(answers.first?.header("connection") == nil)
            #expect(client.connection.state == .idle)
        }
        #expect(!client.isClosed)
    }

    @Test func pipelinedRequestsAreAnsweredInOrderEvenByteByByte() {
        let pipeline = "POST /work HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nab"
            + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nxyz\r\n0\r\n\r\n"
        for chunk in [Int.max, 1, 7] {
            let answers = responses(in: connection().send(pipeline, chunk: chunk))
            #expect(answers.map(\.text) == ["work:2", "hello", "xyz"], "reads of \(chunk) bytes")
        }
    }

    /// While a handler holds a request (a worker runs it), nothing behind it is parsed, so
    /// answers keep their order; the hang-up watch is on for as long.
    @Test func nothingIsParsedWhileAHandlerHoldsTheRequest() throws {
        let context = testContext(testRouter())
        let http = HTTPConnection(context: context)
        feed(http, "POST /work HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nabGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        guard case .startHandler = http.next(), let request = http.request else {
            Issue.record("the first request was not started")
            return
        }
        #expect(request.body == Array("ab".utf8))
        let cancellation = Cancellation()
        http.handlerRunsOnWorker(cancellation)
        #expect(http.state == .waitingForHandler && http.cancellation === cancellation)
        #expect(http.interest.contains(.peerHangUp))
        #expect(context.counters.inFlight.load(ordering: .relaxed) == 1)
        guard case .wait = http.next() else {
            Issue.record("a request behind the held one was started")
            return
        }
        http.answer(Response(status: 200, body: Array("first".utf8)))
        #expect(context.counters.inFlight.load(ordering: .relaxed) == 0)
        guard case .startHandler(let route) = http.next(), let second = http.request else {
            Issue.record("the second request was not started after the first answer")
            return
        }
        #expect(second.path == "/hello" && context.router[route].path == "/hello")
        http.answer(Response(status: 200, body: Array("second".utf8)))
        guard case .write = http.next() else {
            Issue.record("the answers were not written")
            return
        }
        #expect(written(http).map(\.text) == ["first", "second"])
        guard case .wait = http.next() else {
            Issue.record("not waiting after the answers")
            return
        }
        #expect(http.state == .idle)
    }

    @Test func theClientHangingUpWhileAHandlerRunsClosesTheConnection() {
        let http = HTTPConnection(context: testContext(testRouter()))
        feed(http, "POST /work HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        guard case .startHandler = http.next() else {
            Issue.record("not started")
            return
        }
        let cancellation = Cancellation()
        http.handlerRunsOnWorker(cancellation)
        guard case .close = http.inputEnded() else {
            Issue.record("a gone client's connection stayed open")
            return
        }
        // The loop cancels what `cancellation` names, then lets the connection go.
        #expect(http.cancellation === cancellation)
        http.close()
        #expect(http.state == .closed && http.cancellation == nil)
    }

    @Test func headAnswersCarryTheGetLengthButNoBody() {
        let bytes = connection().send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let answers = responses(in: bytes, bodyless: [0])
        #expect(answers.count == 2)
        #expect(answers.first?.header("content-length") == "5")
        #expect(answers.last?.text == "hello")
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() {
        let plain = connection()
        #expect(responses(in: plain.send("GET /hello HTTP/1.0\r\n\r\n")).first?.header("connection") == "close")
        #expect(plain.isClosed && !plain.writeShut)
        let kept = connection()
        let answers = responses(in: kept.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"))
        #expect(answers.first?.header("connection") == "keep-alive")
        #expect(!kept.isClosed)
    }

    @Test func unknownPathsAndMethodsAreAnsweredFromTheHeadAndTheirBodiesSkipped() {
        let client = connection()
        let answers = responses(in: client.send(
            "POST /nowhere HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
                + "PUT /hello HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nxy"
                + "POST /guarded HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
                + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nlast"))
        #expect(answers.map(\.status) == [404, 405, 401, 200])
        #expect(answers[1].header("allow") == "GET, HEAD")
        #expect(answers[0].header("content-type") == "application/problem+json")
        #expect(answers[0].text == #"{"type":"about:blank","title":"Not Found","status":404,"detail":"no such resource"}"#)
        #expect(answers[3].text == "last")
        // A body that arrives after its early answer is skipped as it comes.
        let later = connection()
        #expect(responses(in: later.send("POST /nowhere HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n")).map(\.status) == [404])
        #expect(later.connection.state == .skippingBody)
        #expect(later.send("hel").isEmpty)
        #expect(responses(in: later.send("loGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")).map(\.text) == ["hello"])
    }

    @Test func framingErrorsCloseAndLingerWithoutAnsweringWhatFollows() {
        let client = connection()
        let answers = responses(in: client.send(
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"
                + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"))
        #expect(answers.map(\.status) == [400])
        #expect(answers.first?.header("connection") == "close")
        // The write side is shut and input drained, so the client reads the answer, not a reset.
        #expect(client.writeShut && !client.isClosed && client.connection.state == .lingering)
        #expect(client.send("more bytes").isEmpty)
        client.advance(seconds: 2.1)
        #expect(client.isClosed)
    }

    @Test func limitsAnswerBeforeTheBodyOrTheWholeHeadArrives() {
        let small = connection { $0.limits.maxBodyBytes = 1_000 }
        let tooLarge = responses(in: small.send(
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\nExpect: 100-continue\r\n\r\n"))
        #expect(tooLarge.map(\.status) == [413])
        #expect(tooLarge.first?.header("connection") == "close")
        let chunked = connection { $0.limits.maxBodyBytes = 1_000 }
        #expect(responses(in: chunked.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3e9\r\n")).map(\.status) == [413])
        let limited: (inout ServerConfiguration) -> Void = {
            $0.limits.maxTargetBytes = 100
            $0.limits.maxHeadBytes = 1_000
        }
        #expect(responses(in: connection(limited).send("GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\nHost: t\r\n\r\n")).map(\.status) == [414])
        // A head that never ends is cut off at the limit, in whatever pieces it comes.
        let endless = connection(limited)
        let cut = endless.send("GET /hello HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "b", count: 5_000), chunk: 100)
        #expect(responses(in: cut).map(\.status) == [431])
    }

    @Test func expectContinueGetsAn100OnlyWhenTheBodyIsWanted() {
        let client = connection()
        let interim = responses(in: client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"))
        #expect(interim.map(\.status) == [100])
        #expect(client.connection.state == .readingBody)
        #expect(responses(in: client.send("hello")).map(\.text) == ["hello"])
        // Refused from the head: no 100, and the connection closes (the client will not send the body).
        let refused = connection()
        let answers = responses(in: refused.send("POST /guarded HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"))
        #expect(answers.map(\.status) == [401])
        #expect(answers.first?.header("connection") == "close")
        #expect(refused.writeShut)
    }

    @Test func timersGive408ToSlowRequestsAndCloseIdleConnectionsSilently() {
        let timeouts: (inout ServerConfiguration) -> Void = {
            $0.headerTimeout = 10
            $0.bodyTimeout = 30
            $0.idleTimeout = 60
        }
        let head = connection(timeouts)
        #expect(head.send("GET /hello HTTP/1.1\r\nHost:").isEmpty)
        #expect(head.advance(seconds: 9.9).isEmpty)
        let slow = responses(in: head.advance(seconds: 0.2))
        #expect(slow.map(\.status) == [408])
        #expect(slow.first?.header("connection") == "close")

        let body = connection(timeouts)
        #expect(body.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc").isEmpty)
        #expect(responses(in: body.advance(seconds: 30.1)).map(\.status) == [408])

        let idle = connection(timeouts)
        #expect(responses(in: idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")).map(\.status) == [200])
        #expect(idle.advance(seconds: 59).isEmpty && !idle.isClosed)
        #expect(idle.advance(seconds: 2).isEmpty && idle.isClosed)
        // A connection that never sends a byte closes at the header timeout, without an answer.
        let silent = connection(timeouts)
        #expect(silent.advance(seconds: 10.1).isEmpty && silent.isClosed)
    }

    @Test func aClientThatDoesNotReadStopsThePipelineAndIsCutAtTheWriteTimeout() {
        let client = connection { $0.writeTimeout = 30 }
        client.clientTakes = 0
        // Two answers of 0.6 MiB: past the high-water mark after both, so the third request
        // waits in the input unparsed until the client reads.
        let big = "POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 6\r\n\r\n600000"
        #expect(client.send(big + big + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n").isEmpty)
        #expect(client.connection.outputPending && client.connection.buffered > 0)
        #expect(client.connection.interest.contains(.write))
        let read = responses(in: client.read())
        #expect(read.map(\.status) == [200, 200, 200])
        #expect(read.last?.text == "hello")

        let stalled = connection { $0.writeTimeout = 30 }
        stalled.clientTakes = 1_000
        _ = stalled.send(big)
        #expect(stalled.advance(seconds: 29).isEmpty && !stalled.isClosed)
        stalled.advance(seconds: 2)
        #expect(stalled.isClosed)
    }

    @Test func aClientEndingItsSideStillGetsTheAnswersQueuedBeforeThenTheConnectionCloses() {
        let client = connection()
        client.clientTakes = 0
        _ = client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = client.endInput()
        #expect(client.connection.state == .peerClosed && !client.isClosed)
        #expect(!client.connection.interest.contains(.read))
        #expect(responses(in: client.read()).map(\.text) == ["hello"])
        #expect(client.isClosed)
        // A request cut short has nothing to answer: the connection just closes.
        let cut = connection()
        _ = cut.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nabc")
        #expect(cut.endInput().isEmpty && cut.isClosed)
    }

    @Test func bodyMemoryIsCountedWhileHeldAndReturnedOnAnswer() {
        let context = testContext(testRouter())
        let http = HTTPConnection(context: context)
        feed(http, "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10000\r\n\r\n" + String(repeating: "a", count: 5_000))
        guard case .wait = http.next() else {
            Issue.record("a partial body was handed on")
            return
        }
        let held = context.shared.bufferedBytes.load(ordering: .relaxed)
        #expect(held >= 5_000 && held <= 10_000, "grown with the bytes that came, never past the declared length")
        feed(http, String(repeating: "a", count: 5_000))
        guard case .startHandler = http.next(), let request = http.request else {
            Issue.record("the body was not handed on")
            return
        }
        #expect(request.body.count == 10_000)
        http.answer(Response(status: 204))
        #expect(context.shared.bufferedBytes.load(ordering: .relaxed) == 0)
    }
}
