import Testing
@testable import A11yService
@testable import HTTPServer
import A11yCore
#if canImport(Glibc)
import Glibc
#endif

/// Issue 15, the service's side: media types, negotiation, time budget, log back-pressure,
/// the unauthenticated gauge.
@Suite("Hostile requests through libcurl", .serialized)
struct HostileRequestTests {
    private let json = ["Content-Type: application/json"]

    @Test func contentCodingsAndForeignCharsetsAre415() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let url = harness.base + "/v1/audit"
        let gzip = try #require(client.request("POST", url, headers: json + ["Content-Encoding: gzip"], body: Array(buttonTree.utf8)))
        #expect(gzip.status == 415)
        #expect(gzip.header("accept-encoding") == "identity")
        #expect(client.request("POST", url, headers: json + ["Content-Encoding: identity"], body: Array(buttonTree.utf8))?.status == 200)
        for type in ["application/json; charset=iso-8859-1", "application/json;charset=\"utf-16\""] {
            #expect(client.request("POST", url, headers: ["Content-Type: \(type)"], body: Array(buttonTree.utf8))?.status == 415, "\(type)")
        }
        for type in ["application/json; charset=utf-8", "application/json; charset=\"UTF-8\"", "application/json;charset=utf8"] {
            #expect(client.request("POST", url, headers: ["Content-Type: \(type)"], body: Array(buttonTree.utf8))?.status == 200, "\(type)")
        }
    }

    /// With `--max-audit-memory` below one audit's estimate the audit still runs (it reserves
    /// the whole budget) and gives it all back once answered.
    @Test func auditsRunWithinAMemoryBudget() throws {
        let harness = try ServiceHarness { $0.server.maxOffloadMemory = 1 << 20 }
        let client = CurlClient()
        let buttons = (0..<600).map { "{\"type\":\"button\",\"label\":\"B\($0)\"}" }.joined(separator: ",")
        let body = Array("{\"root\":{\"type\":\"view\",\"children\":[\(buttons)]}}".utf8)
        #expect(body.count > 16_384)  // on a worker, not the loop
        for _ in 0..<3 {
            #expect(client.request("POST", harness.base + "/v1/audit", headers: json, body: body)?.status == 200)
        }
        var reserved = -1
        for _ in 0..<1_000 {
            reserved = harness.service.server.stats().reservedOffloadBytes
            if reserved == 0 { break }
            usleep(1_000)
        }
        #expect(reserved == 0)
    }

    @Test func acceptWildcardsPickTheirFormat() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let url = harness.base + "/v1/audit"
        func answer(_ accept: String) -> CurlResult? {
            client.request("POST", url, headers: json + ["Accept: \(accept)"], body: Array(buttonTree.utf8))
        }
        let html = try #require(answer("text/*"))
        #expect(html.status == 200)
        #expect(html.header("content-type") == "text/html")
        #expect(html.header("content-security-policy") == AuditHandler.htmlPolicy)
        #expect(html.header("x-content-type-options") == "nosniff")
        #expect(answer("application/*")?.header("content-type") == "application/json")
        #expect(answer("text/*;q=0.5, application/json")?.header("content-type") == "application/json")
        #expect(answer("text/*, text/html;q=0")?.header("content-type") == "application/xml")
        #expect(answer("*/*;q=0.1, application/sarif+json;q=0.2")?.header("content-type") == "application/sarif+json")
        #expect(answer("Text/XML")?.header("content-type") == "application/xml")
        let refused = try #require(answer("image/*, text/html;q=0"))
        #expect(refused.status == 406)
        #expect(refused.headerLines.first?.hasPrefix("HTTP/1.1 406 Not Acceptable") == true)
        // Other answers carry no policy, every answer with content says nosniff.
        #expect(answer("application/json")?.header("content-security-policy") == nil)
        #expect(client.request("GET", harness.base + "/healthz")?.header("x-content-type-options") == "nosniff")
    }

    @Test func anAuditOverItsTimeBudgetIs503() throws {
        let harness = try ServiceHarness { $0.auditTimeout = 1e-9 }
        let client = CurlClient()
        let result = try #require(client.request("POST", harness.base + "/v1/audit", headers: json, body: Array(buttonTree.utf8)))
        #expect(result.status == 503)
        #expect(result.text.contains("\"type\":\"urn:a11y-audit:problem:timeBudget\""))
        #expect(result.text.contains("\"title\":\"Time budget exceeded\""))
        let metrics = try #require(client.request("GET", harness.base + "/metrics")).text
        #expect(metrics.contains("a11y_audits_timed_out_total 1\n"))
        #expect(metrics.contains("a11y_audits_rejected_total 0\n"))
    }

    @Test func aCancelledAuditAnswers503AndCloses() throws {
        let metrics = Metrics(loops: 1)
        let handler = AuditHandler(metrics: metrics, limits: .default, timeBudgetNanos: 10_000_000_000)
        var request = try #require(Request(
            parsing: Array("POST /v1/audit HTTP/1.1\r\nHost: t\r\n\r\n".utf8), body: Array(buttonTree.utf8)))
        #expect(handler.handle(request).status == 200)
        // What a loop does when the drain time is over while the audit runs.
        let cancellation = Cancellation()
        cancellation.cancel(.shuttingDown)
        request.cancellation = cancellation
        let response = handler.handle(request)
        #expect(response.status == 503)
        #expect(response.close)
        #expect(String(decoding: response.body, as: UTF8.self).contains("urn:a11y-audit:problem:cancelled"))
        let text = String(decoding: metrics.render(transport: ServerStats(), service: .init()), as: UTF8.self)
        #expect(text.contains("a11y_audits_cancelled_total 1\n"))
        #expect(text.contains("a11y_audits_total 1\n"))
    }

    @Test func objectCountDecidesWhereAnAuditRuns() {
        #expect(AuditHandler.objectCount(Array(#"{"a":{"b":[{},{}]}}"#.utf8), atMost: 100) == 4)
        #expect(AuditHandler.objectCount(Array(String(repeating: "{", count: 1_000).utf8), atMost: 10) == 11)
        // An XML dump has no braces: its tags (start and end) count, so a large dump is not audited on the loop.
        #expect(AuditHandler.objectCount(Array(#"<hierarchy><node/><node></node></hierarchy>"#.utf8), atMost: 100) == 5)
    }

    @Test func xmlBodiesFollowTheSameCharsetAndCodingRules() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let url = harness.base + "/v1/audit"
        let dump = Array(#"<hierarchy rotation="0"><node class="android.widget.Button" text="OK" clickable="true" bounds="[0,0][300,300]"/></hierarchy>"#.utf8)
        for type in ["application/xml; charset=utf-8", "text/xml;charset=\"UTF-8\"", "application/xml"] {
            #expect(client.request("POST", url, headers: ["Content-Type: \(type)"], body: dump)?.status == 200, "\(type)")
        }
        for type in ["application/xml; charset=iso-8859-1", "text/xml; charset=utf-16"] {
            #expect(client.request("POST", url, headers: ["Content-Type: \(type)"], body: dump)?.status == 415, "\(type)")
        }
        let gzip = try #require(client.request("POST", url, headers: ["Content-Type: application/xml", "Content-Encoding: gzip"], body: dump))
        #expect(gzip.status == 415)
        #expect(gzip.header("accept-encoding") == "identity")
    }

    @Test func aStalledLogReaderDropsLinesInsteadOfBlocking() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[0], 1_031, 4_096)  // F_SETPIPE_SZ: the smallest pipe
        let harness = try ServiceHarness { $0.accessLogFD = ends[1]; $0.accessLogBufferBytes = 4_096 }
        let client = CurlClient()
        // Nobody reads the pipe: about 8 KiB of lines fit, the rest must not block anyone.
        var served = 0
        for _ in 0..<300 where client.request("GET", harness.base + "/healthz")?.status == 200 { served += 1 }
        #expect(served == 300)
        let metrics = try #require(client.request("GET", harness.base + "/metrics")).text
        let dropped = metrics.split(separator: "\n").first { $0.hasPrefix("a11y_access_log_dropped_total ") }
            .flatMap { Int($0.split(separator: " ")[1]) }
        #expect((dropped ?? 0) > 0)
        // Unblock the writer (EPIPE) and stop the service before the write end closes.
        close(ends[0])
        harness.service.stop()
        close(ends[1])
    }

    @Test func anOptedInUnauthenticatedServiceSaysSo() throws {
        let exposed = try ServiceHarness { $0.server.host = "0.0.0.0"; $0.allowUnauthenticated = true }
        let client = CurlClient()
        #expect(try #require(client.request("GET", exposed.base + "/metrics")).text.contains("a11y_unauthenticated 1\n"))
        let local = try ServiceHarness()
        #expect(try #require(client.request("GET", local.base + "/metrics")).text.contains("a11y_unauthenticated 0\n"))
    }
}
