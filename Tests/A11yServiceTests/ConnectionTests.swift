import Testing
@testable import A11yService
@testable import HTTPServer
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

@Suite("Connections through libcurl", .serialized)
struct ConnectionTests {
    @Test func keepAliveConnectionIsReused() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        #expect(client.request("GET", harness.base + "/healthz")?.status == 200)
        #expect(client.connectionsOpenedByLastTransfer == 1)
        #expect(client.request("POST", harness.base + "/v1/audit", body: Array(buttonTree.utf8))?.status == 200)
        #expect(client.connectionsOpenedByLastTransfer == 0)
        #expect(client.request("GET", harness.base + "/readyz")?.status == 200)
        #expect(client.connectionsOpenedByLastTransfer == 0)
        #expect(harness.service.server.stats().openConnections == 1)
    }

    @Test func chunkedUploadIsDecoded() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let body = Array(buttonTree.utf8)
        let chunked = try #require(client.request("POST", harness.base + "/v1/audit", body: body, chunked: true, readSize: 7))
        let plain = try #require(client.request("POST", harness.base + "/v1/audit", body: body))
        #expect(chunked.status == 200)
        #expect(chunked.body == plain.body)
    }

    @Test func largeBodyWithExpectContinue() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        // A wide tree of ~1 MiB: many children under one container.
        var tree = #"{"root":{"id":"root","type":"container","frame":{"x":0,"y":0,"width":400,"height":800},"children":["#
        for index in 0..<6_000 {
            if index > 0 { tree += "," }
            tree += #"{"id":"t\#(index)","type":"text","text":"Row \#(index) with some padding text to grow the body","frame":{"x":0,"y":\#(index),"width":300,"height":20}}"#
        }
        tree += "]}}"
        let body = Array(tree.utf8)
        #expect(body.count > 600_000)
        let result = try #require(client.request(
            "POST", harness.base + "/v1/audit", headers: ["Expect: 100-continue", "Content-Type: application/json"],
            body: body))
        #expect(result.headerLines.contains { $0.hasPrefix("HTTP/1.1 100") })
        #expect(result.status == 200)
        #expect(result.text.contains("\"label\":\"Row 5999 with some padding text to grow the body\""))
    }

    @Test func bodyOverTheLimitIs413WithoutSendingIt() throws {
        let harness = try ServiceHarness { $0.server.limits.maxBodyBytes = 1_000 }
        let client = CurlClient()
        let result = try #require(client.request(
            "POST", harness.base + "/v1/audit", headers: ["Expect: 100-continue"],
            body: [UInt8](repeating: 0x20, count: 50_000)))
        #expect(result.status == 413)
        #expect(!result.headerLines.contains { $0.hasPrefix("HTTP/1.1 100") })
    }

    @Test func manyConcurrentClients() throws {
        let harness = try ServiceHarness()
        let base = harness.base
        let failures = Atomic<Int>(0)
        let successes = Atomic<Int>(0)
        var threads: [UInt64] = []
        for worker in 0..<16 {
            threads.append(try Threads.start(stackBytes: 1 << 20) {
                let client = CurlClient()
                for round in 0..<25 {
                    let ok: Bool
                    if (worker + round) % 3 == 0 {
                        ok = client.request("POST", base + "/v1/audit", body: Array(buttonTree.utf8))?.status == 200
                    } else {
                        ok = client.request("GET", base + "/healthz")?.text == #"{"status":"ok"}"#
                    }
                    if ok { successes.add(1, ordering: .relaxed) } else { failures.add(1, ordering: .relaxed) }
                }
            })
        }
        for thread in threads { Threads.join(thread) }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(successes.load(ordering: .relaxed) == 400)
    }
}
