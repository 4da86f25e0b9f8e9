import A11yTestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPServer
import Testing

/// `maxOffloadMemory`: each offloaded request reserves `offloadMemoryPerBodyByte` × body +
/// `offloadMemoryPerRequest` before a worker runs it, and waits while that is not free.
@Suite("Offloaded-request memory budget", .serialized)
struct MemoryBudgetTests {
    /// Posts `count` bodies of `bytes` to /gauge at once; returns the most that ran at once.
    private func gauge(_ server: HTTPServer, count: Int, bytes: Int) throws -> Int {
        gaugeMostAtOnce.store(0, ordering: .sequentiallyConsistent)
        let body = String(repeating: "x", count: bytes)
        let clients = try (0..<count).map { _ in try RawClient(port: server.port) }
        for client in clients { client.send("POST /gauge HTTP/1.1\r\nHost: t\r\nContent-Length: \(bytes)\r\n\r\n\(body)") }
        for client in clients { #expect(try client.readResponse().text == "gauge:\(bytes)") }
        return gaugeMostAtOnce.load(ordering: .sequentiallyConsistent)
    }

    /// The reservation is given back once the answer is written (polled: the loop drops it
    /// right after the send that the client may already have read).
    private func reservedReturnsToZero(_ server: HTTPServer) -> Bool {
        for _ in 0..<1_000 {
            if server.stats().reservedOffloadBytes == 0 { return true }
            usleep(1_000)
        }
        return false
    }

    @Test func requestsWhoseEstimatesDoNotFitTogetherRunOneAtATime() throws {
        // Each reserves 200 × 10,000 + 1 MiB ≈ 2.9 MiB; the budget holds one.
        let server = try startTestServer {
            $0.workers = 3
            $0.offloadMemoryPerRequest = 1 << 20
            $0.maxOffloadMemory = 4 << 20
        }
        defer { server.stop() }
        #expect(try gauge(server, count: 3, bytes: 10_000) == 1)
        #expect(reservedReturnsToZero(server))
    }

    @Test func smallRequestsShareTheBudget() throws {
        // Each reserves 200 × 100 + 1 MiB ≈ 1.02 MiB; three fit in 4 MiB.
        let server = try startTestServer {
            $0.workers = 3
            $0.offloadMemoryPerRequest = 1 << 20
            $0.maxOffloadMemory = 4 << 20
        }
        defer { server.stop() }
        #expect(try gauge(server, count: 3, bytes: 100) > 1)
        #expect(reservedReturnsToZero(server))
    }

    @Test func aRequestLargerThanTheBudgetStillRunsAlone() throws {
        // 200 × 100,000 = 20 MB, above the whole budget: it reserves all of it.
        let server = try startTestServer {
            $0.offloadMemoryPerRequest = 0
            $0.maxOffloadMemory = 1 << 20
        }
        defer { server.stop() }
        #expect(try gauge(server, count: 2, bytes: 100_000) == 1)
        #expect(reservedReturnsToZero(server))
    }

    @Test func aClientThatLeavesWhileWaitingFreesItsWorker() throws {
        let server = try startTestServer {
            $0.workers = 2
            $0.offloadMemoryPerRequest = 1 << 20
            $0.maxOffloadMemory = 1 << 20
        }
        defer { server.stop() }
        gaugeRuns.store(0, ordering: .sequentiallyConsistent)
        let first = try RawClient(port: server.port)
        first.send("POST /gauge HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        while server.stats().reservedOffloadBytes == 0 { usleep(1_000) }
        do {
            // Waits for the budget on the second worker, then hangs up.
            let leaving = try RawClient(port: server.port)
            leaving.send("POST /gauge HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\ny")
            usleep(50_000)
        }
        #expect(try first.readResponse().text == "gauge:1")
        let after = try RawClient(port: server.port)
        after.send("POST /gauge HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nzz")
        #expect(try after.readResponse().text == "gauge:2")
        // The one that left never ran.
        #expect(gaugeRuns.load(ordering: .sequentiallyConsistent) == 2)
        #expect(reservedReturnsToZero(server))
    }
}
