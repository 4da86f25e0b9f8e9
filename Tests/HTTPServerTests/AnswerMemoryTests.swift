import A11yTestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPServer
import Testing

/// Issue 24: where an answer is built depends on what it costs (a handler tried on the loop
/// hands a costly request to a worker), and every answer past `unreservedAnswerBytes` holds
/// its bytes in `maxOffloadMemory` until written, so clients that post and never read
/// cannot pile up answers past the server's memory limit.
@Suite("Answer memory and the loop's first attempt", .serialized)
struct AnswerMemoryTests {
    private func reservedReturnsToZero(_ server: HTTPServer) -> Bool {
        for _ in 0..<2_000 {
            if server.stats().reservedOffloadBytes == 0 { return true }
            usleep(1_000)
        }
        return false
    }

    private func waitUntilReserved(_ server: HTTPServer, atLeast bytes: Int) -> Bool {
        for _ in 0..<5_000 {
            if server.stats().reservedOffloadBytes >= bytes { return true }
            usleep(1_000)
        }
        return false
    }

    @Test func aHandlerOnTheLoopHandsACostlyRequestToAWorker() throws {
        let server = try startTestServer { $0.inlineBodyBytes = 1_024 }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /handoff HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nok")
        #expect(try client.readResponse().text == "onLoop:true")
        // Same size, but the handler finds it costly on the loop: a worker answers it.
        client.send("POST /handoff HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n!x")
        #expect(try client.readResponse().text == "onLoop:false")
        // That connection's later requests go straight to a worker; another's are tried first.
        client.send("POST /handoff HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nok")
        #expect(try client.readResponse().text == "onLoop:false")
        let other = try RawClient(port: server.port)
        other.send("POST /handoff HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nok")
        #expect(try other.readResponse().text == "onLoop:true")
    }

    @Test func answersBuiltOnTheLoopForClientsThatDoNotReadAreReservedThenRefused() throws {
        let server = try startTestServer { $0.maxOffloadMemory = 12 << 20 }
        defer { server.stop() }
        // Posts and does not read: its 8 MB answer stays reserved while it waits.
        let slow = try RawClient(port: server.port, timeoutSeconds: 10)
        slow.send("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 7\r\n\r\n8000000")
        #expect(waitUntilReserved(server, atLeast: 8_000_000))
        // A second such answer does not fit in what is left: 503, Retry-After, closed.
        let second = try RawClient(port: server.port)
        second.send("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 7\r\n\r\n8000000")
        let refused = try second.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("retry-after") == "1")
        #expect(refused.text.contains("too many answer bytes"))
        #expect(server.stats().answerLimitRefusals == 1)
        // Small answers are not reserved: probes still pass.
        let probe = try RawClient(port: server.port)
        probe.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try probe.readResponse().status == 200)
        // Once read, the first answer is whole and its bytes are given back.
        let answer = try slow.readResponse()
        #expect(answer.status == 200 && answer.body.count == 8_000_000)
        #expect(reservedReturnsToZero(server))
    }

    @Test func aWorkersReservationBecomesItsAnswersSize() throws {
        let server = try startTestServer {
            $0.offloadMemoryPerRequest = 1 << 20
            $0.maxOffloadMemory = 12 << 20
        }
        defer { server.stop() }
        // Reserves 1 MiB to run, then its 8 MB answer: held while the client does not read.
        let slow = try RawClient(port: server.port, timeoutSeconds: 10)
        slow.send("POST /big-offloaded HTTP/1.1\r\nHost: t\r\nContent-Length: 7\r\n\r\n8000000")
        #expect(waitUntilReserved(server, atLeast: 8_000_000))
        let second = try RawClient(port: server.port)
        second.send("POST /big-offloaded HTTP/1.1\r\nHost: t\r\nContent-Length: 7\r\n\r\n8000000")
        let refused = try second.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("retry-after") == "1")
        // A small answer shrinks its reservation to its size and passes.
        let small = try RawClient(port: server.port)
        small.send("POST /big-offloaded HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\n100")
        #expect(try small.readResponse().body.count == 100)
        #expect(try slow.readResponse().body.count == 8_000_000)
        #expect(reservedReturnsToZero(server))
    }
}
