import A11yCore
import HTTPServer

/// The API's routes. Every route except the health probes needs the bearer token when one
/// is configured. (X-Request-Id is added to every answer by `ServiceObserver`.)
struct Routes: Sendable {
    let server: HTTPServer
    let metrics: Metrics
    let log: AccessLog?
    let configuration: ServiceConfiguration
    let auth: BearerAuth?

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
        }, precheck: guarded { request in
            AuditHandler.contentTypeProblem(request)
        }, audit.handle)
        router.add(.get, "/healthz", precheck: open, { _ in
            Response(status: 200, contentType: "application/json", body: Self.alive)
        })
        router.add(.get, "/readyz", precheck: open, { [server] _ in
            server.isDraining
                ? Response(status: 503, contentType: "application/json", body: Self.draining)
                : Response(status: 200, contentType: "application/json", body: Self.ready)
        })
        let unauthenticated = configuration.servesUnauthenticatedRemotely
        router.add(.get, "/metrics", precheck: guarded { _ in nil }, { [server, metrics, log] _ in
            let service = Metrics.ServiceFigures(
                draining: server.isDraining, accessLogDropped: log?.dropped ?? 0, unauthenticated: unauthenticated)
            return Response(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                            body: metrics.render(transport: server.stats(), service: service))
        })
        router.add(.get, "/v1/rules", precheck: guarded { _ in nil }, { request in
            let pretty = request.query.map(AuditHandler.wantsPretty) ?? false
            return Response(status: 200, contentType: "application/json", body: pretty ? Self.prettyRules : Self.rules)
        })
        router.add(.get, "/openapi.json", precheck: guarded { _ in nil }, { _ in
            Response(status: 200, contentType: "application/json", body: Self.openAPI)
        })
        return router
    }

    private static let openAPI = Array(ServedOpenAPI.json.utf8)
    private static let rules = RuleCatalogue.json()
    private static let prettyRules = RuleCatalogue.json(pretty: true)

    private var open: Precheck { { _ in nil } }

    /// Auth first, then the route's own check; both answer before the body is read.
    private func guarded(_ check: @escaping Precheck) -> Precheck {
        { [auth] request in
            if let auth, !request.withHeaderBytes("authorization", auth.allows) {
                let supplied = request.header("authorization") != nil
                var problem = Problem.response(
                    status: 401, type: "about:blank", title: "Unauthorized",
                    detail: supplied ? "the bearer token is not valid" : "send Authorization: Bearer <token>")
                problem.headers.append(("WWW-Authenticate",
                                        supplied ? "Bearer realm=\"a11y-audit\", error=\"invalid_token\""
                                                 : "Bearer realm=\"a11y-audit\""))
                return problem
            }
            return check(request)
        }
    }
}
