import A11yTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPServer

/// Issue 15: clients that hang up on heavy work, declare huge bodies, or pile up bytes.
@Suite("Hostile clients", .serialized)
struct HostileClientTests {
    @Test func aDeclaredLengthReservesNothing() throws {
        let server = try startTestServer()
        defer { server.stop() }
        // Answered 404 from the head: the 8 MiB body is skipped, never held.
        let lost = try RawClient(port: server.port)
        lost.send("POST /nowhere HTTP/1.1\r\nHost: t\r\nContent-Length: 8388608\r\n\r\n" + String(repeating: "x", count: 100_000))
        #expect(try lost.readResponse().status == 404)
        #expect(server.stats().bufferedBodyBytes == 0)
        // A real body grows with what arrived, not with what was announced.
        let echo = try RawClient(port: server.port)
        echo.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 8388608\r\n\r\n" + String(repeating: "y", count: 10))
        #expect(eventually { server.stats().bufferedBodyBytes > 0 })
        #expect(server.stats().bufferedBodyBytes < 65_536)
        echo.send(String(repeating: "y", count: 8_388_598))
        #expect(try echo.readResponse().body.count == 8_388_608)
        #expect(eventually { server.stats().bufferedBodyBytes == 0 })
    }

    @Test func theGlobalBufferCapAnswers503() throws {
        let server = try startTestServer { $0.maxBufferedBytes = 1_048_576 }
        defer { server.stop() }
        let holder = try RawClient(port: server.port)
        holder.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 900000\r\n\r\n" + String(repeating: "a", count: 800_000))
        #expect(eventually { server.stats().bufferedBodyBytes >= 800_000 })
        let late = try RawClient(port: server.port)
        late.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 600000\r\n\r\n" + String(repeating: "b", count: 600_000))
        let refused = try late.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("retry-after") == "1")
        #expect(refused.header("connection") == "close")
        #expect(server.stats().bufferLimitRefusals == 1)
        // The first body was within the cap and still completes.
        holder.send(String(repeating: "a", count: 100_000))
        #expect(try holder.readResponse().body.count == 900_000)
        #expect(eventually { server.stats().bufferedBodyBytes == 0 })
    }

    @Test func aClientHangingUpStopsItsWorker() throws {
        let server = try startTestServer()  // two workers
        defer { server.stop() }
        let before = cancelledSpins.count(.clientGone)
        for reset in [false, true] {
            let started = cancelledSpins.started
            let client = try RawClient(port: server.port)
            client.send("POST /spin HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
            // Hang up once the handler runs (cancelled while queued, it would never start).
            #expect(eventually { cancelledSpins.started == started + 1 })
            client.hangUp(reset: reset)
            // The handler saw the flag and returned: its worker is free again.
            #expect(eventually { cancelledSpins.count(.clientGone) == before + (reset ? 2 : 1) })
            #expect(eventually { server.stats().inFlight == 0 && server.stats().openConnections == 0 })
        }
        #expect(server.stats().cancelledRequests == 2)
        // Both workers serve the next requests.
        let next = try RawClient(port: server.port)
        next.send("POST /thread HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        #expect(try next.readResponse().status == 200)
    }

    @Test func aHangUpIsSeenEvenWithInputPaused() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let before = cancelledSpins.count(.clientGone)
        let started = cancelledSpins.started
        let client = try RawClient(port: server.port)
        // Pipelined requests behind the running one fill the input buffer (20 KiB), so the
        // loop stops reading; the rest waits in the kernel, and the FIN behind it must still
        // reach the handler (EPOLLRDHUP). (More than the kernel holds would keep the FIN
        // queued at the client: no server can see that hang-up, only a reset.)
        client.send("POST /spin HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx"
                    + String(repeating: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n", count: 1_000))
        #expect(eventually { cancelledSpins.started == started + 1 })
        shutdown(client.fd, Int32(SHUT_RDWR))
        #expect(eventually { cancelledSpins.count(.clientGone) == before + 1 })
        #expect(eventually { server.stats().openConnections == 0 })
    }

    @Test func theDrainDeadlineCancelsAndDoesNotWaitForStuckWorkers() throws {
        stuckFinished.store(false, ordering: .relaxed)
        // A second for the cooperative handler to answer: plenty, even on a loaded machine.
        let server = try startTestServer { $0.drainTimeout = 0.2; $0.cancelAnswerGrace = 1; $0.workerStopGrace = 0.1 }
        let before = cancelledSpins.count(.shuttingDown)
        let started = cancelledSpins.started
        let spinning = try RawClient(port: server.port)
        spinning.send("POST /spin HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        let stuck = try RawClient(port: server.port)
        stuck.send("POST /stuck HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        #expect(eventually { server.stats().inFlight == 2 && cancelledSpins.started == started + 1 })
        // Both workers are busy: this one waits in the queue.
        let queued = try RawClient(port: server.port)
        queued.send("POST /spin HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        #expect(eventually { server.stats().inFlight == 3 })
        server.stop()
        // Never started: the loop answered it when the drain ended.
        let notRun = try queued.readResponse()
        #expect(notRun.status == 503)
        #expect(notRun.header("retry-after") == "1")
        #expect(notRun.header("connection") == "close")
        #expect(cancelledSpins.started == started + 1)
        // stop returned while the stuck handler still ran; the cooperative one was told why
        // and its answer still reached its client, the stuck one's connection was cut.
        let finished = stuckFinished.load(ordering: .relaxed)
        #expect(!finished)
        #expect(cancelledSpins.count(.shuttingDown) == before + 1)
        let answer = try spinning.readResponse()
        #expect(answer.text == "spun")
        #expect(answer.header("connection") == "close")
        #expect(try stuck.closedWithoutData())
    }

    @Test func cheapRequestsOfOffloadedRoutesStayOnTheLoop() throws {
        let server = try startTestServer { $0.loops = 1; $0.inlineBodyBytes = 1_024 }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /thread HTTP/1.1\r\nHost: t\r\n\r\n")
        let loopThread = try client.readResponse().text
        client.send("POST /costly HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nfine")
        #expect(try client.readResponse().text == loopThread)
        // As small, but the route says it is costly: a worker runs it.
        client.send("POST /costly HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\n!big")
        let workerThread = try client.readResponse().text
        #expect(!workerThread.isEmpty && workerThread != loopThread)
    }

    @Test func hostMustBeAHostAndPort() throws {
        let server = try startTestServer()
        defer { server.stop() }
        for host in ["a b", "a/b", "[::1", "x:port", "h:123456", "%zz", "a@b"] {
            let client = try RawClient(port: server.port)
            client.send("GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(try client.readResponse().status == 400, "Host: \(host)")
        }
        for host in ["example.com", "example.com:8080", "127.0.0.1:80", "[::1]:8080", "[v1.x]", "a%20b", "", "h:"] {
            let client = try RawClient(port: server.port)
            client.send("GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(try client.readResponse().status == 200, "Host: \(host)")
        }
    }

    @Test func everyAnswerWithContentSaysNoSniff() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().header("x-content-type-options") == "nosniff")
        #expect(try client.readResponse().header("x-content-type-options") == "nosniff")
        #expect(HTTPStatus.reason(406) == "Not Acceptable")
    }
}
