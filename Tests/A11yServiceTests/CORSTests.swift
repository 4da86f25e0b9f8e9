import Testing
@testable import A11yService

/// CORS as a browser exercises it, through libcurl against the service in process: the
/// preflight (no token) and the real request (token) from an allowed origin, and the same
/// from one that is not allowed.
@Suite("CORS", .serialized)
struct CORSTests {
    static let page = "http://127.0.0.1:5173"
    static let preflight = ["Origin: \(page)", "Access-Control-Request-Method: POST",
                            "Access-Control-Request-Headers: authorization,content-type"]

    private func harness(origins: [String], token: String? = "t0ken") throws -> ServiceHarness {
        try ServiceHarness(token: token) { $0.corsOrigins = origins }
    }

    @Test func preflightFromAnAllowedOriginNeedsNoToken() throws {
        let harness = try harness(origins: [Self.page, "null"])
        let answer = try #require(CurlClient().request("OPTIONS", harness.base + "/v1/audit", headers: Self.preflight))
        #expect(answer.status == 204)
        #expect(answer.header("access-control-allow-origin") == Self.page)
        #expect(answer.header("access-control-allow-methods") == "POST")
        let allowed = answer.header("access-control-allow-headers")?.lowercased() ?? ""
        #expect(allowed.contains("authorization") && allowed.contains("content-type"))
        #expect(Int(answer.header("access-control-max-age") ?? "") ?? 0 > 0)
        #expect(answer.header("vary") == "Origin")
        #expect(answer.body.isEmpty)
        // GET routes list what they serve.
        let rules = try #require(CurlClient().request("OPTIONS", harness.base + "/v1/rules", headers: Self.preflight))
        #expect(rules.status == 204)
        #expect(rules.header("access-control-allow-methods") == "GET, HEAD")
    }

    @Test func realRequestsCarryTheHeadersErrorsAnd401sToo() throws {
        let harness = try harness(origins: [Self.page])
        let client = CurlClient()
        let origin = "Origin: \(Self.page)"
        let ok = try #require(client.request("POST", harness.base + "/v1/audit", headers: [origin, "Authorization: Bearer t0ken"],
                                             body: Array(buttonTree.utf8)))
        #expect(ok.status == 200)
        #expect(ok.header("access-control-allow-origin") == Self.page)
        #expect(ok.header("access-control-expose-headers")?.contains("X-Request-Id") == true)
        #expect(ok.header("vary") == "Origin")
        // The real request still needs the token; the page can read why it was refused.
        let refused = try #require(client.request("POST", harness.base + "/v1/audit", headers: [origin], body: Array(buttonTree.utf8)))
        #expect(refused.status == 401)
        #expect(refused.header("access-control-allow-origin") == Self.page)
        #expect(refused.header("access-control-expose-headers")?.contains("WWW-Authenticate") == true)
        let bad = try #require(client.request("POST", harness.base + "/v1/audit", headers: [origin, "Authorization: Bearer t0ken"],
                                              body: Array("[]".utf8)))
        #expect(bad.status == 400)
        #expect(bad.header("access-control-allow-origin") == Self.page)
        let missing = try #require(client.request("GET", harness.base + "/nowhere", headers: [origin]))
        #expect(missing.status == 404)
        #expect(missing.header("access-control-allow-origin") == Self.page)
        let health = try #require(client.request("GET", harness.base + "/healthz", headers: [origin]))
        #expect(health.status == 200)
        #expect(health.header("access-control-allow-origin") == Self.page)
    }

    @Test func otherOriginsGetNoCORSHeaders() throws {
        let harness = try harness(origins: [Self.page])
        let client = CurlClient()
        for origin in ["http://127.0.0.1:5174", "https://127.0.0.1:5173", "null", "http://evil.example"] {
            let preflight = try #require(client.request("OPTIONS", harness.base + "/v1/audit", headers: [
                "Origin: \(origin)", "Access-Control-Request-Method: POST"]))
            #expect(preflight.status == 204)
            #expect(preflight.header("access-control-allow-origin") == nil)
            #expect(preflight.header("access-control-allow-methods") == nil)
            let real = try #require(client.request("POST", harness.base + "/v1/audit", headers: [
                "Origin: \(origin)", "Authorization: Bearer t0ken"], body: Array(buttonTree.utf8)))
            #expect(real.status == 200)
            #expect(real.header("access-control-allow-origin") == nil)
            #expect(real.header("vary") == "Origin")
        }
    }

    @Test func nullOnlyWhenExplicitlyAllowed() throws {
        let harness = try harness(origins: ["null"], token: nil)
        let client = CurlClient()
        let answer = try #require(client.request("POST", harness.base + "/v1/audit", headers: ["Origin: null"], body: Array(buttonTree.utf8)))
        #expect(answer.header("access-control-allow-origin") == "null")
        let other = try #require(client.request("POST", harness.base + "/v1/audit", headers: ["Origin: \(Self.page)"],
                                                body: Array(buttonTree.utf8)))
        #expect(other.header("access-control-allow-origin") == nil)
    }

    @Test func withoutCORSNothingChanges() throws {
        let harness = try harness(origins: [])
        let client = CurlClient()
        let preflight = try #require(client.request("OPTIONS", harness.base + "/v1/audit", headers: Self.preflight))
        #expect(preflight.status == 405)
        #expect(preflight.header("allow") == "POST")
        #expect(preflight.header("access-control-allow-origin") == nil)
        let real = try #require(client.request("GET", harness.base + "/healthz", headers: ["Origin: \(Self.page)"]))
        #expect(real.header("vary") == nil)
        #expect(real.header("access-control-allow-origin") == nil)
    }

    @Test func anOptionsRequestThatIsNoPreflightIsAnsweredAsBefore() throws {
        let harness = try harness(origins: [Self.page])
        // No Access-Control-Request-Method: not a preflight, so the router's 405 (after auth passes it on).
        let plain = try #require(CurlClient().request("OPTIONS", harness.base + "/v1/audit", headers: ["Origin: \(Self.page)"]))
        #expect(plain.status == 405)
        #expect(plain.header("access-control-allow-origin") == Self.page)
    }

    @Test(arguments: [
        ("https://Figma.com", "https://figma.com"), ("http://localhost:80", "http://localhost"),
        ("https://a.example:443", "https://a.example"), ("http://127.0.0.1:5173", "http://127.0.0.1:5173"),
        ("NULL", "null"), ("http://[::1]:8080", "http://[::1]:8080"),
    ])
    func originsAreNormalisedAsBrowsersSendThem(given: String, expected: String) throws {
        #expect(try CORS.normalised(given).get() == expected)
    }

    @Test(arguments: ["*", "figma.com", "https://figma.com/", "https://figma.com/plugin", "ftp://a.example",
                      "https://", "https://a.example:0", "https://a.example:99999", "https://a.example:", "https://user@a.example",
                      "https://*.figma.com", "https://a b", "file://x", "https://bücher.example", "https://a.example/?q"])
    func badOriginsAreRefusedAtStartup(origin: String) {
        #expect(throws: UsageError.self) { try ServiceConfiguration.parse(arguments: ["--cors-origin", origin], environment: [:]) }
        #expect(serveCommand(arguments: ["--cors-origin", origin], environment: [:]) == 2)
    }

    @Test func flagsRepeatAndReplaceTheEnvironmentList() throws {
        let fromEnvironment = try ServiceConfiguration.parse(
            arguments: [], environment: ["A11Y_AUDIT_CORS_ORIGINS": "https://www.figma.com, null,http://localhost:3000"])
        #expect(fromEnvironment.corsOrigins == ["https://www.figma.com", "null", "http://localhost:3000"])
        let fromFlags = try ServiceConfiguration.parse(
            arguments: ["--cors-origin", "null", "--cors-origin=https://www.figma.com"],
            environment: ["A11Y_AUDIT_CORS_ORIGINS": "http://localhost:3000"])
        #expect(fromFlags.corsOrigins == ["null", "https://www.figma.com"])
        #expect(try ServiceConfiguration.parse(arguments: [], environment: ["A11Y_AUDIT_CORS_ORIGINS": ""]).corsOrigins.isEmpty)
        #expect(try ServiceConfiguration.parse(arguments: [], environment: [:]).corsOrigins.isEmpty)
        #expect(serveCommand(arguments: [], environment: ["A11Y_AUDIT_CORS_ORIGINS": "https://ok.example,bad"]) == 2)
    }
}
