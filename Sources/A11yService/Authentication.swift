import HTTPServer

/// The bearer-token layer: every route but the open ones (the health probes) needs
/// `Authorization: Bearer <token>`. It answers before the body is read. A method the route
/// does not serve passes on to the router's 405 (which tells nothing), as an unknown path
/// passes on to its 404.
struct Authentication: Middleware {
    var hooks: MiddlewareHooks { [.intercept] }
    let auth: BearerAuth
    /// Paths served without a token.
    let openPaths: Set<String>

    func intercept(_ request: Request, route: RouteMatch?) -> Response? {
        guard let route, route.servesMethod, !openPaths.contains(route.path),
              !request.withHeaderBytes("authorization", auth.allows) else { return nil }
        let supplied = request.header("authorization") != nil
        var problem = Problem.response(
            status: 401, type: "about:blank", title: "Unauthorized",
            detail: supplied ? "the bearer token is not valid" : "send Authorization: Bearer <token>")
        problem.headers.append(("WWW-Authenticate",
                                supplied ? "Bearer realm=\"a11y-audit\", error=\"invalid_token\""
                                         : "Bearer realm=\"a11y-audit\""))
        return problem
    }
}
