import A11yCore
import Testing
@testable import A11yService
import A11yReports

@Suite("Auth and metrics through libcurl", .serialized)
struct AuthAndMetricsTests {
    @Test func bearerTokenGuardsEverythingButHealth() throws {
        let harness = try ServiceHarness(token: "s3cret-token")
        let client = CurlClient()
        let missing = try #require(client.request("POST", harness.base + "/v1/audit", body: Array(buttonTree.utf8)))
        #expect(missing.status == 401)
        #expect(missing.header("www-authenticate") == "Bearer realm=\"a11y-audit\"")
        let wrong = try #require(client.request("GET", harness.base + "/metrics", headers: ["Authorization: Bearer s3cret-tokem"]))
        #expect(wrong.status == 401)
        #expect(wrong.header("www-authenticate")?.contains("invalid_token") == true)
        #expect(client.request("GET", harness.base + "/metrics", headers: ["Authorization: Bearer s3cret-token-longer"])?.status == 401)
        #expect(client.request("GET", harness.base + "/metrics", headers: ["Authorization: Basic s3cret-token"])?.status == 401)
        #expect(client.request("GET", harness.base + "/metrics", headers: ["Authorization: bearer s3cret-token"])?.status == 200)
        #expect(client.request("POST", harness.base + "/v1/audit", headers: ["Authorization: Bearer s3cret-token"],
                               body: Array(buttonTree.utf8))?.status == 200)
        #expect(client.request("GET", harness.base + "/healthz")?.status == 200)
        #expect(client.request("GET", harness.base + "/readyz")?.status == 200)
    }

    @Test func constantTimeCompare() {
        let auth = BearerAuth(token: Array("abc".utf8))
        func allows(_ header: String) -> Bool { Array(header.utf8).withUnsafeBytes { auth.allows($0) } }
        #expect(allows("Bearer abc"))
        #expect(allows("BEARER abc"))
        #expect(!allows("Bearer ab"))
        #expect(!allows("Bearer abcd"))
        #expect(!allows("Bearer abd"))
        #expect(!allows("Bearerabc"))
        #expect(!auth.allows(nil))
    }

    @Test func metricsCountRequestsAuditsAndFindings() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        for _ in 0..<3 { _ = client.request("GET", harness.base + "/healthz") }
        _ = client.request("POST", harness.base + "/v1/audit", body: Array(buttonTree.utf8))
        _ = client.request("POST", harness.base + "/v1/audit", body: Array("[]".utf8))
        _ = client.request("GET", harness.base + "/nowhere")
        let result = try #require(client.request("GET", harness.base + "/metrics"))
        #expect(result.status == 200)
        #expect(result.header("content-type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = result.text
        #expect(text.contains("a11y_http_requests_total{route=\"/healthz\",method=\"GET\",code=\"200\"} 3\n"))
        #expect(text.contains("a11y_http_requests_total{route=\"/v1/audit\",method=\"POST\",code=\"200\"} 1\n"))
        #expect(text.contains("a11y_http_requests_total{route=\"/v1/audit\",method=\"POST\",code=\"400\"} 1\n"))
        #expect(text.contains("a11y_http_requests_total{route=\"unmatched\",method=\"GET\",code=\"404\"} 1\n"))
        #expect(text.contains("a11y_http_request_duration_seconds_bucket{route=\"/healthz\",le=\"+Inf\"} 3\n"))
        #expect(text.contains("a11y_audits_total 1\n"))
        #expect(text.contains("a11y_audits_rejected_total 1\n"))
        #expect(text.contains("a11y_http_open_connections 1\n"))
        #expect(text.contains("a11y_http_requests_in_flight 1\n"))  // the scrape itself
        // Findings are counted under their rule and impact: an audit with three findings of
        // three rules adds exactly those to the counters.
        func findingCounts() throws -> [String: Int] {
            let scraped = try #require(client.request("GET", harness.base + "/metrics")).text
            var counts: [String: Int] = [:]
            for line in scraped.split(separator: "\n") where line.hasPrefix("a11y_findings_total{") {
                let parts = line.split(separator: " ")
                counts[String(parts[0])] = Int(parts[1])
            }
            return counts
        }
        let before = try findingCounts()
        #expect(before["a11y_findings_total{rule=\"image-name\",impact=\"critical\"}"] != nil)
        let unnamed = #"{"root":{"id":"r","type":"container","frame":{"x":0,"y":0,"width":400,"height":400},"children":["#
            + #"{"id":"img","type":"image","frame":{"x":0,"y":0,"width":10,"height":10}},"#
            + #"{"id":"b","type":"button","frame":{"x":0,"y":100,"width":10,"height":10}}]}}"#
        #expect(client.request("POST", harness.base + "/v1/audit", body: Array(unnamed.utf8))?.status == 200)
        let after = try findingCounts()
        var added: [String: Int] = [:]
        for (series, count) in after where count != before[series] ?? 0 { added[series] = count - (before[series] ?? 0) }
        #expect(added == ["a11y_findings_total{rule=\"image-name\",impact=\"critical\"}": 1,
                          "a11y_findings_total{rule=\"control-name\",impact=\"critical\"}": 1,
                          "a11y_findings_total{rule=\"target-size\",impact=\"serious\"}": 1])
        #expect(text.contains("a11y_build_info{version=\"\(A11yAuditVersion.current)\"} 1\n"))
        // The process's own figures, under the names client libraries use.
        for name in ["process_resident_memory_bytes", "process_virtual_memory_bytes", "process_cpu_seconds_total",
                     "process_open_fds", "process_max_fds", "process_start_time_seconds"] {
            let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            let value = line.flatMap { Double($0.split(separator: " ")[1]) }
            #expect((value ?? 0) > 0, "\(name)")
        }
        // No --max-audit-memory: nothing is reserved.
        #expect(text.contains("a11y_audit_memory_reserved_bytes 0\n"))
        let bytesIn = text.split(separator: "\n").first { $0.hasPrefix("a11y_http_received_bytes_total ") }
        #expect(bytesIn.flatMap { Int($0.split(separator: " ")[1]) }.map { $0 > 300 } == true)
    }

    /// Issue 24: `a11y_findings_total` counts every finding, also those past the 10,000 a
    /// screen lists. 10,001 minor findings precede one critical: both omitted ones count.
    @Test func findingCountersIncludeFindingsTheListingLeftOut() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let minors = (0..<10_001).map { k in
            #"{"type":"button","label":"Go \#(k).","frame":{"x":0,"y":\#(k * 50),"width":100,"height":48}}"#
        }
        let image = #"{"type":"image","frame":{"x":0,"y":500100,"width":100,"height":48}}"#
        let tree = #"{"root":{"type":"container","frame":{"x":0,"y":0,"width":400,"height":500200},"children":["#
            + (minors + [image]).joined(separator: ",") + "]}}"
        let answer = try #require(client.request("POST", harness.base + "/v1/audit", body: Array(tree.utf8)))
        #expect(answer.status == 200)
        #expect(answer.text.contains(#""findingsOmitted":2"#))
        let scraped = try #require(client.request("GET", harness.base + "/metrics")).text
        #expect(scraped.contains("a11y_findings_total{rule=\"label-trailing-period\",impact=\"minor\"} 10001\n"))
        #expect(scraped.contains("a11y_findings_total{rule=\"image-name\",impact=\"critical\"} 1\n"))
    }
}
