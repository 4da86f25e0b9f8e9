import A11yTestSupport
import Testing
@testable import A11yService
@testable import HTTPServer

/// The service's routes behind their middleware, served in process: request bytes in,
/// answers out, through the transport's connection state machine, with no socket.
private struct InProcessService {
    let metrics = Metrics(loops: 1)
    let client: InProcessConnection

    init(token: String? = nil, origins: [String] = []) {
        var configuration = ServiceConfiguration()
        configuration.token = token
        configuration.corsOrigins = origins
        configuration.accessLogFD = nil
        let router = A11yService.router(
            configuration: configuration, metrics: metrics, log: nil,
            draining: { false }, transportStats: { ServerStats() })
        client = InProcessConnection(router: router, configuration: configuration.server)
    }

    /// One request's answer: `GET /path` with `headers`, or a POST with `body`.
    func request(_ method: String, _ path: String, headers: [String] = [], body: String? = nil) -> RawResponse? {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: t\r\n"
        for header in headers { text += header + "\r\n" }
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        let answers = responses(in: client.send(text), bodyless: method == "HEAD" ? [0] : [])
        return answers.count == 1 ? answers[0] : nil
    }
}

@Suite("Routes and middleware in process")
struct InProcessRouteTests {
    @Test func theTokenGuardsEveryRouteButTheProbes() throws {
        let service = InProcessService(token: "s3cret")
        let missing = try #require(service.request("POST", "/v1/audit", body: buttonTree))
        #expect(missing.status == 401)
        #expect(missing.header("www-authenticate") == "Bearer realm=\"a11y-audit\"")
        #expect(missing.header("content-type") == "application/problem+json")
        let wrong = try #require(service.request("GET", "/metrics", headers: ["Authorization: Bearer s3cres"]))
        #expect(wrong.status == 401 && wrong.header("www-authenticate")?.contains("invalid_token") == true)
        #expect(service.request("GET", "/v1/rules", headers: ["Authorization: Bearer s3cret"])?.status == 200)
        let audit = try #require(service.request("POST", "/v1/audit", headers: ["Authorization: Bearer s3cret"], body: buttonTree))
        #expect(audit.status == 200 && audit.text.contains("\"findings\""))
        #expect(service.request("GET", "/healthz")?.status == 200)
        #expect(service.request("GET", "/readyz")?.status == 200)
        // An unknown path and an unserved method tell nothing more without the token.
        #expect(service.request("GET", "/nowhere")?.status == 404)
        #expect(service.request("DELETE", "/v1/rules")?.status == 405)
        // The refused body was skipped: the connection served every request in turn.
        #expect(!service.client.isClosed)
    }

    @Test func corsAnswersPreflightsAndLabelsAnswersForAllowedOriginsOnly() throws {
        let page = "http://127.0.0.1:5173"
        let service = InProcessService(token: "t0ken", origins: [page])
        let preflight = try #require(service.request("OPTIONS", "/v1/audit", headers: [
            "Origin: \(page)", "Access-Control-Request-Method: POST", "Access-Control-Request-Headers: authorization"]))
        #expect(preflight.status == 204)
        #expect(preflight.header("access-control-allow-origin") == page)
        #expect(preflight.header("access-control-allow-methods") == "POST")
        #expect(preflight.header("vary") == "Origin")
        // The 401 of a real request without a token is readable by the page.
        let refused = try #require(service.request("POST", "/v1/audit", headers: ["Origin: \(page)"], body: buttonTree))
        #expect(refused.status == 401)
        #expect(refused.header("access-control-allow-origin") == page)
        #expect(refused.header("access-control-expose-headers")?.contains("WWW-Authenticate") == true)
        // Another origin gets a preflight answer without the fields, and no fields later.
        let other = try #require(service.request("OPTIONS", "/v1/audit", headers: [
            "Origin: https://evil.example", "Access-Control-Request-Method: POST"]))
        #expect(other.status == 204 && other.header("access-control-allow-origin") == nil)
        let otherHealth = try #require(service.request("GET", "/healthz", headers: ["Origin: https://evil.example"]))
        #expect(otherHealth.header("access-control-allow-origin") == nil && otherHealth.header("vary") == "Origin")
    }

    @Test func metricsCountEveryExchangeByRouteMethodAndCode() throws {
        let service = InProcessService()
        for _ in 0..<3 { _ = service.request("GET", "/healthz") }
        _ = service.request("POST", "/v1/audit", body: buttonTree)
        _ = service.request("POST", "/v1/audit", body: "[]")
        _ = service.request("GET", "/nowhere")
        _ = service.request("HEAD", "/healthz")
        let scraped = try #require(service.request("GET", "/metrics")).text
        #expect(scraped.contains("a11y_http_requests_total{route=\"/healthz\",method=\"GET\",code=\"200\"} 3\n"))
        #expect(scraped.contains("a11y_http_requests_total{route=\"/healthz\",method=\"HEAD\",code=\"200\"} 1\n"))
        #expect(scraped.contains("a11y_http_requests_total{route=\"/v1/audit\",method=\"POST\",code=\"200\"} 1\n"))
        #expect(scraped.contains("a11y_http_requests_total{route=\"/v1/audit\",method=\"POST\",code=\"400\"} 1\n"))
        #expect(scraped.contains("a11y_http_requests_total{route=\"unmatched\",method=\"GET\",code=\"404\"} 1\n"))
        #expect(scraped.contains("a11y_audits_total 1\n"))
        #expect(scraped.contains("a11y_audits_rejected_total 1\n"))
        // A head that cannot be read is counted too, its method under `other`.
        let later = InProcessService()
        _ = later.client.send("GET /healthz HTTP/1.1\r\nHost : t\r\n\r\n")
        let text = String(decoding: later.metrics.render(transport: ServerStats(), service: .init()), as: UTF8.self)
        #expect(text.contains("a11y_http_requests_total{route=\"unmatched\",method=\"other\",code=\"400\"} 1\n"))
    }

    @Test func everyAnswerCarriesARequestIDTheClientsWhenSensible() throws {
        let service = InProcessService()
        #expect(service.request("GET", "/healthz", headers: ["X-Request-Id: abc-123"])?.header("x-request-id") == "abc-123")
        let first = try #require(service.request("GET", "/nowhere")?.header("x-request-id"))
        let second = try #require(service.request("GET", "/healthz", headers: ["X-Request-Id: has space"])?.header("x-request-id"))
        #expect(first != second && !second.contains(" "))
    }

    /// Audit answers hold the screens' text: no cache on the way may keep any answer, be it
    /// an audit, a refusal, a preflight or the transport's own error.
    @Test func noAnswerMayBeStoredByACache() throws {
        let service = InProcessService(token: "t0ken", origins: ["https://a.example"])
        let answers = [
            service.request("POST", "/v1/audit", headers: ["Authorization: Bearer t0ken"], body: buttonTree),
            service.request("POST", "/v1/audit", body: buttonTree),
            service.request("GET", "/nowhere"),
            service.request("OPTIONS", "/v1/audit", headers: ["Origin: https://a.example", "Access-Control-Request-Method: POST"]),
            service.request("GET", "/healthz"),
        ]
        #expect(answers.map { $0?.status } == [200, 401, 404, 204, 200])
        #expect(answers.allSatisfy { $0?.header("cache-control") == "no-store" })
        let malformed = try #require(responses(in: InProcessService().client.send("GET /healthz HTTP/1.1\r\n\r\n")).first)
        #expect(malformed.status == 400 && malformed.header("cache-control") == "no-store")
    }
}
