import A11yTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import HTTPServer

@Suite("HTTP transport over raw sockets", .serialized)
struct TransportTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for _ in 0..<3 {
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "hello")
            #expect(response.header("connection") == nil)
            #expect(response.header("date")?.hasSuffix(" GMT") == true)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nabGET /hello HTTP/1.1\r\nHost: t\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nxyz\r\n0\r\n\r\n")
        #expect(try client.readResponse().text == "slow:2")
        #expect(try client.readResponse().text == "hello")
        #expect(try client.readResponse().text == "xyz")
    }

    @Test func headHasTheGetLengthButNoBody() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(bodyless: true)
        #expect(head.status == 200)
        #expect(head.header("content-length") == "5")
        // The next response starts right after the head: no body bytes were sent.
        #expect(try client.readResponse().text == "hello")
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let plain = try RawClient(port: server.port)
        plain.send("GET /hello HTTP/1.0\r\n\r\n")
        let first = try plain.readResponse()
        #expect(first.header("connection") == "close")
        #expect(try plain.closedWithoutData())

        let kept = try RawClient(port: server.port)
        kept.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().header("connection") == "keep-alive")
        kept.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().status == 200)
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n")
        let missing = try client.readResponse()
        #expect(missing.status == 404)
        #expect(missing.header("content-type") == "application/problem+json")
        client.send("DELETE /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let wrong = try client.readResponse()
        #expect(wrong.status == 405)
        #expect(wrong.header("allow") == "GET, HEAD")
        // Both without bodies: the connection stays usable.
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }

    /// A known path answers 405 + Allow to any method it does not serve, standard or not;
    /// the body of such a request is skipped and the connection stays usable.
    @Test(arguments: ["QUERY", "BREW", "get", "PUT", "OPTIONS"])
    func unservedMethodOnAKnownPathIs405(method: String) throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("\(method) /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
        let response = try client.readResponse()
        #expect(response.status == 405)
        #expect(response.header("allow") == "POST")
        #expect(response.header("connection") == nil)
        client.send("\(method) /nope HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 404)
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hello")
    }

    /// Each malformed request gets its status, then the connection closes and the valid
    /// request pipelined behind it is never answered.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: t\r\nHost: u\r\n\r\n", 400),
        ("GET /hello HTTP/1.1\r\n\r\n", 400),
        ("GET /hello HTTP/1.1\r\nHost : t\r\n\r\n", 400),
        ("GET /hello HTTP/1.1\r\nHost: t\r\nX: a\r\n  b\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1x\r\n\r\na", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("GET /hello HTTP/2.0\r\nHost: t\r\n\r\n", 505),
        (String(repeating: "B", count: 25) + " /hello HTTP/1.1\r\nHost: t\r\n\r\n", 501),
        ("GET /hello HTTP/1.1\r\nHost: t\nX: y\r\n\r\n", 400),
        ("GET /hello HTTP/1.1\r\nHost: t\r\nExpect: something\r\n\r\n", 417),
    ])
    func framingErrorsCloseTheConnection(request: String, status: Int) throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send(request + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.header("connection") == "close")
        #expect(response.header("content-type") == "application/problem+json")
        let rest = String(decoding: try client.readToEnd(), as: UTF8.self)
        #expect(!rest.contains("HTTP/1.1"), "nothing behind the error may be answered")
    }

    @Test func oversizedBodyIs413BeforeItIsSent() throws {
        let server = try startTestServer { $0.limits.maxBodyBytes = 1_000 }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        // The body is never sent: the answer must not wait for it.
        client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\nExpect: 100-continue\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.header("connection") == "close")

        let chunked = try RawClient(port: server.port)
        chunked.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3e9\r\n")
        #expect(try chunked.readResponse().status == 413)
    }

    @Test func longTargetIs414AndLargeHeadIs431() throws {
        let server = try startTestServer {
            $0.limits.maxTargetBytes = 100
            $0.limits.maxHeadBytes = 1_000
        }
        defer { server.stop() }
        let long = try RawClient(port: server.port)
        long.send("GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try long.readResponse().status == 414)
        let big = try RawClient(port: server.port)
        big.send("GET /hello HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "b", count: 2_000) + "\r\n\r\n")
        #expect(try big.readResponse().status == 431)
        // A head that never ends is cut off at the limit too.
        let endless = try RawClient(port: server.port)
        endless.send("GET /hello HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "b", count: 2_000))
        #expect(try endless.readResponse().status == 431)
    }

    @Test func incompleteHeadOrBodyTimesOutWith408() throws {
        let server = try startTestServer {
            $0.headerTimeout = 0.3
            $0.bodyTimeout = 0.3
        }
        defer { server.stop() }
        let head = try RawClient(port: server.port)
        head.send("GET /hello HTTP/1.1\r\nHost:")
        let slowHead = try head.readResponse()
        #expect(slowHead.status == 408)
        #expect(slowHead.header("connection") == "close")
        #expect(try head.closedWithoutData())

        let body = try RawClient(port: server.port)
        body.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
        #expect(try body.readResponse().status == 408)
    }

    @Test func idleConnectionsCloseSilently() throws {
        let server = try startTestServer {
            $0.idleTimeout = 0.3
            $0.headerTimeout = 0.3
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(try client.closedWithoutData())
        // A connection that never sends a byte also closes without a response.
        let silent = try RawClient(port: server.port)
        #expect(try silent.closedWithoutData())
    }

    @Test func expectContinueGetsAn100BeforeTheBody() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse()
        #expect(interim.status == 100)
        client.send("hello")
        let final = try client.readResponse()
        #expect(final.status == 200)
        #expect(final.text == "hello")
    }

    @Test func precheckAnswersWithoutReadingTheBody() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /guarded HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 401)
        #expect(response.header("connection") == "close")

        let allowed = try RawClient(port: server.port)
        allowed.send("POST /guarded HTTP/1.1\r\nHost: t\r\nX-Key: yes\r\nContent-Length: 2\r\n\r\nok")
        #expect(try allowed.readResponse().text == "ok")
    }

    @Test func offloadedWorkDoesNotBlockOtherConnections() throws {
        let server = try startTestServer { $0.loops = 1 }
        defer { server.stop() }
        let slow = try RawClient(port: server.port)
        slow.send("POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
        let fast = try RawClient(port: server.port)
        fast.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try fast.readResponse().status == 200)
        // The single loop answered while the slow handler was still on a worker.
        #expect(server.stats().inFlight == 1)
        #expect(try slow.readResponse().text == "slow:3")
    }

    @Test func smallBodiesOfOffloadedRoutesRunOnTheLoop() throws {
        let server = try startTestServer { $0.loops = 1; $0.inlineBodyBytes = 8 }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /thread HTTP/1.1\r\nHost: t\r\n\r\n")
        let loopThread = try client.readResponse().text
        client.send("POST /thread HTTP/1.1\r\nHost: t\r\nContent-Length: 8\r\n\r\n12345678")
        #expect(try client.readResponse().text == loopThread)
        client.send("POST /thread HTTP/1.1\r\nHost: t\r\nContent-Length: 9\r\n\r\n123456789")
        let workerThread = try client.readResponse().text
        #expect(!workerThread.isEmpty && workerThread != loopThread)
    }

    @Test func drainFinishesInFlightRequestsThenStops() throws {
        let server = try startTestServer { $0.drainTimeout = 5 }
        let busy = try RawClient(port: server.port)
        busy.send("POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        let idle = try RawClient(port: server.port)
        idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        while server.stats().inFlight == 0 { usleep(1_000) }
        server.shutdown()
        #expect(server.isDraining)
        let answer = try busy.readResponse()
        #expect(answer.status == 200)
        #expect(answer.header("connection") == "close")
        #expect(try idle.closedWithoutData())
        server.wait()
        #expect(throws: RawClient.ClientError.self) { try RawClient(port: server.port) }
    }

    @Test func requestCutShortLeavesNothingBehind() throws {
        let server = try startTestServer()
        defer { server.stop() }
        do {
            let client = try RawClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nabc")
            _ = try RawClient(port: server.port)  // let the first one be accepted and read
        }
        var open = server.stats().openConnections
        for _ in 0..<200 where open > 0 {
            usleep(5_000)
            open = server.stats().openConnections
        }
        #expect(open == 0)
    }
}

@Suite("Early answers skip the body", .serialized)
struct EarlyAnswerTests {
    @Test func earlyAnswersKeepTheConnectionUsable() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /nowhere HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
            + "POST /guarded HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            + "PUT /hello HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nxy"
            + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nlast")
        #expect(try client.readResponse().status == 404)
        #expect(try client.readResponse().status == 401)
        let wrong = try client.readResponse()
        #expect(wrong.status == 405)
        #expect(wrong.header("connection") == nil)
        #expect(try client.readResponse().text == "last")
    }

    @Test func bodySentLaterIsSkippedToo() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /nowhere HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n")
        #expect(try client.readResponse().status == 404)
        client.send("hel")
        client.send("loGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hello")
    }
}
