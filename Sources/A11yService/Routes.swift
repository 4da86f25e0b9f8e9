import A11yCore
import HTTPServer
import A11yRules

/// The API's routes. Every route except the health probes (`openPaths`) needs the bearer
/// token when one is configured (`Authentication`, a layer around the router that
/// `A11yService` adds). (X-Request-Id is added to every answer by `ServiceObserver`.)
struct Routes: Sendable {
    let server: HTTPServer
    let metrics: Metrics
    let log: AccessLog?
    let configuration: ServiceConfiguration

    /// Served without a token: orchestrators probe them without credentials.
    static let openPaths: Set<String> = ["/healthz", "/readyz"]

    private static let alive = Array("{\"status\":\"ok\"}".utf8)
    private static let ready = Array("{\"status\":\"ready\"}".utf8)
    private static let draining = Array("{\"status\":\"draining\"}".utf8)

    func router() -> Router {
        var router = Router()
        let audit = AuditHandler(
            metrics: metrics, limits: .default, timeBudgetNanos: UInt64(configuration.auditTimeout * 1e9),
            screenshotLimits: configuration.screenshotLimits)
        let maxObjects = configuration.inlineMaxObjects
        router.add(.post, "/v1/audit", offload: true, isCheap: { request in
            // A form carries a screenshot, whose decoding is never cheap.
            AuditHandler.multipartType(request) == nil && AuditHandler.objectCount(request.body, atMost: maxObjects) <= maxObjects
        }, extraMemory: { [screenshotLimits = configuration.screenshotLimits] request in
            // A screenshot's pixels, decoded, are reserved before the work starts.
            AuditHandler.screenshotMemory(request, limits: screenshotLimits)
        }, precheck: { request in
            AuditHandler.contentTypeProblem(request)
        }, audit.handle)
        router.add(.get, "/healthz", { _ in
            Response(status: 200, contentType: "application/json", body: Self.alive)
        })
        router.add(.get, "/readyz", { [server] _ in
            server.isDraining
                ? Response(status: 503, contentType: "application/json", body: Self.draining)
                : Response(status: 200, contentType: "application/json", body: Self.ready)
        })
        let unauthenticated = configuration.servesUnauthenticatedRemotely
        router.add(.get, "/metrics", { [server, metrics, log] _ in
            let service = Metrics.ServiceFigures(
                draining: server.isDraining, accessLogDropped: log?.dropped ?? 0, unauthenticated: unauthenticated,
                process: ProcessFigures.read())
            return Response(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                            body: metrics.render(transport: server.stats(), service: service))
        })
        router.add(.get, "/v1/rules", { request in
            let pretty = request.query.map(AuditHandler.wantsPretty) ?? false
            return Response(status: 200, contentType: "application/json", body: pretty ? Self.prettyRules : Self.rules)
        })
        router.add(.get, "/openapi.json", { _ in
            Response(status: 200, contentType: "application/json", body: Self.openAPI)
        })
        return router
    }

    private static let openAPI = Array(ServedOpenAPI.json.utf8)
    private static let rules = RuleCatalogue.json()
    private static let prettyRules = RuleCatalogue.json(pretty: true)
}
