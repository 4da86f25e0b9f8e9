import A11yTestSupport
import Testing
@testable import A11yService
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

@Suite("Graceful drain", .serialized)
struct DrainTests {
    @Test func drainAnswersInFlightRequestsWithReadinessDown() throws {
        let harness = try ServiceHarness { $0.server.drainTimeout = 5 }
        let client = CurlClient()
        #expect(client.request("GET", harness.base + "/readyz")?.status == 200)
        // A request already on its way when shutdown starts.
        let inFlight = try RawClient(port: harness.service.port)
        inFlight.send("GET /readyz HTTP/1.1\r\nHost: t\r\n")
        var tries = 0
        while harness.service.server.stats().openConnections < 2, tries < 1_000 { usleep(1_000); tries += 1 }
        harness.service.shutdown()
        inFlight.send("\r\n")
        let answer = String(decoding: try inFlight.readToEnd(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 503 "))
        #expect(answer.contains("Connection: close\r\n"))
        #expect(answer.hasSuffix(#"{"status":"draining"}"#))
        harness.service.wait()
        #expect(client.request("GET", harness.base + "/healthz") == nil)
    }
}
