import A11yCore
import HTTPServer

/// The API's routes. Every handler answers with an X-Request-Id; every route except
/// the health probes needs the bearer token when one is configured.
struct Routes: Sendable {
    let server: HTTPServer
    let metrics: Metrics
    let ids: RequestIDs
    let auth: BearerAuth?

    private static let alive = Array("{\"status\":\"ok\"}".utf8)
    private static let ready = Array("{\"status\":\"ready\"}".utf8)
    private static let draining = Array("{\"status\":\"draining\"}".utf8)

    func router() -> Router {
        var router = Router()
        let audit = AuditHandler(metrics: metrics, limits: .default)
        router.add(.post, "/v1/audit", offload: true, precheck: guarded { request in
            AuditHandler.contentTypeProblem(request)
        }, identified(audit.handle))
        router.add(.get, "/healthz", precheck: open, identified { _ in
            Response(status: 200, contentType: "application/json", body: Self.alive)
        })
        router.add(.get, "/readyz", precheck: open, identified { [server] _ in
            server.isDraining
                ? Response(status: 503, contentType: "application/json", body: Self.draining)
                : Response(status: 200, contentType: "application/json", body: Self.ready)
        })
        router.add(.get, "/metrics", precheck: guarded { _ in nil }, identified { [server, metrics] _ in
            Response(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                     body: metrics.render(transport: server.stats(), draining: server.isDraining))
        })
        router.add(.get, "/v1/rules", precheck: guarded { _ in nil }, identified { request in
            let pretty = request.query.map(AuditHandler.wantsPretty) ?? false
            return Response(status: 200, contentType: "application/json", body: pretty ? Self.prettyRules : Self.rules)
        })
        router.add(.get, "/openapi.json", precheck: guarded { _ in nil }, identified { _ in
            Response(status: 200, contentType: "application/json", body: Self.openAPI)
        })
        return router
    }

    private static let openAPI = Array(OpenAPIDocument.json.utf8)
    private static let rules = RuleCatalogue.json()
    private static let prettyRules = RuleCatalogue.json(pretty: true)

    /// Adds the request id to whatever the handler answers.
    private func identified(_ handler: @escaping Handler) -> Handler {
        { [ids] request in
            var response = handler(request)
            response.requestID = ids.id(for: request)
            return response
        }
    }

    private var open: Precheck { { _ in nil } }

    /// Auth first, then the route's own check; both answer before the body is read.
    private func guarded(_ check: @escaping Precheck) -> Precheck {
        { [auth, ids] request in
            var response: Response?
            if let auth, !request.withHeaderBytes("authorization", auth.allows) {
                let supplied = request.header("authorization") != nil
                var problem = Problem.response(
                    status: 401, type: "about:blank", title: "Unauthorized",
                    detail: supplied ? "the bearer token is not valid" : "send Authorization: Bearer <token>")
                problem.headers.append(("WWW-Authenticate",
                                        supplied ? "Bearer realm=\"a11y-audit\", error=\"invalid_token\""
                                                 : "Bearer realm=\"a11y-audit\""))
                response = problem
            } else {
                response = check(request)
            }
            response?.requestID = ids.id(for: request)
            return response
        }
    }
}
