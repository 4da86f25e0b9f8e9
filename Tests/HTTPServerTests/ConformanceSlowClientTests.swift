import A11yTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import HTTPServer

/// Sends `bytes` one at a time, 50 ms apart, until the server answers; returns how many it took.
private func trickle(_ client: RawClient, _ bytes: [UInt8]) -> Int {
    for (index, byte) in bytes.enumerated() {
        var peek: UInt8 = 0
        if recv(client.fd, &peek, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 { return index }
        client.send([byte])
        usleep(50_000)
    }
    return bytes.count
}

@Suite("Slow and vanishing clients", .serialized)
struct ConformanceSlowClientTests {
    @Test func fiveHundredSlowlorisConnectionsDoNotStopANormalClient() throws {
        let server = try startTestServer()
        defer { server.stop() }
        var slow: [RawClient] = []
        for index in 0..<500 {
            let client = try RawClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nX-Slow-\(index): ")
            slow.append(client)
        }
        #expect(eventually { server.stats().openConnections == 500 })
        let normal = try RawClient(port: server.port)
        for _ in 0..<50 {
            normal.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try normal.readResponse().text == "hello")
        }
        // The slow ones are still held, not dropped to make room.
        for client in slow.prefix(5) { client.send("1\r\n\r\n") }
        #expect(try slow[0].readResponse().status == 200)
        #expect(server.stats().openConnections >= 500)
    }

    @Test func aTrickledHeadGets408AtTheHeaderTimeout() throws {
        let server = try startTestServer { $0.headerTimeout = 0.5 }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let head = Array("GET /hello HTTP/1.1\r\nHost: t\r\nX-Padding: \(String(repeating: "p", count: 80))\r\n\r\n".utf8)
        // Each byte arrives well inside any per-read timeout; the deadline is for the whole head.
        let sent = trickle(client, head)
        #expect(sent < head.count)
        #expect(try client.readResponse().status == 408)
        #expect(try client.closedWithoutData())
    }

    @Test func aTrickledBodyGets408AtTheBodyTimeout() throws {
        let server = try startTestServer { $0.bodyTimeout = 0.5 }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n")
        let sent = trickle(client, Array(repeating: UInt8(ascii: "b"), count: 100))
        #expect(sent < 100)
        #expect(try client.readResponse().status == 408)
        #expect(try client.closedWithoutData())
    }

    @Test func theConnectionLimitRefusesCleanlyAndRecovers() throws {
        let server = try startTestServer {
            $0.loops = 1
            $0.maxConnectionsPerLoop = 3
        }
        defer { server.stop() }
        var held = try (0..<3).map { _ in try RawClient(port: server.port) }
        #expect(eventually { server.stats().openConnections == 3 })
        let refused = try RawClient(port: server.port)
        let answer = try refused.readResponse()
        #expect(answer.status == 503)
        #expect(answer.header("connection") == "close")
        #expect(answer.header("retry-after") == "1")
        #expect(try refused.closedWithoutData())
        #expect(server.stats().openConnections == 3)
        // Held connections still work, and a freed slot is usable again.
        held[0].send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try held[0].readResponse().status == 200)
        held.removeLast()
        #expect(eventually { server.stats().openConnections == 2 })
        let next = try RawClient(port: server.port)
        next.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try next.readResponse().text == "hello")
    }

    @Test func clientsVanishingMidRequestOrMidResponseLeaveNothingBehind() throws {
        let server = try startTestServer()
        defer { server.stop() }
        let large = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4000000\r\n\r\n" + String(repeating: "x", count: 4_000_000)
        let starts = [
            "GET /hel",                                                                   // mid request line
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc",            // mid body
            "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", // mid chunk
            "POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx",               // while a worker runs
            large,                                                                        // 4 MB answer unread
        ]
        for (index, start) in starts.enumerated() {
            for reset in [false, true] {
                let client = try RawClient(port: server.port)
                client.send(start)
                if index == starts.count - 1 { usleep(50_000) }
                client.hangUp(reset: reset)
            }
        }
        #expect(eventually { server.stats().openConnections == 0 && server.stats().inFlight == 0 })
        // The process survived every write to a reset peer (no SIGPIPE) and still serves.
        let client = try RawClient(port: server.port)
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hello")
    }
}
