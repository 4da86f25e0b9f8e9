import A11yCore
import HTTPServer

/// The running service: the HTTP transport plus the audit API. Start it in-process
/// (tests, `serve`), read `port`, then `shutdown` + `wait`, or `stop`.
public final class A11yService: Sendable {
    public let configuration: ServiceConfiguration
    public let server: HTTPServer
    let metrics: Metrics
    let log: AccessLog?
    /// What the router serves: each path with its methods (HEAD implied by GET).
    public let endpoints: [(path: String, methods: [HTTPMethod])]

    public var port: Int { server.port }
    public var isDraining: Bool { server.isDraining }

    /// Binds and starts serving.
    public init(configuration: ServiceConfiguration) throws(ServerError) {
        self.configuration = configuration
        let server = try HTTPServer(configuration: configuration.server)
        self.server = server
        metrics = Metrics(loops: server.configuration.loops)
        let loops = server.configuration.loops
        let log = try configuration.accessLogFD.map { fd throws(ServerError) in
            try AccessLog(fd: fd, loops: loops, capacity: configuration.accessLogBufferBytes)
        }
        self.log = log
        let router = Self.router(
            configuration: configuration, metrics: metrics, log: log,
            draining: { [server] in server.isDraining }, transportStats: { [server] in server.stats() })
        endpoints = router.endpoints
        try server.start(router: router)
    }

    /// The routes behind their middleware, the outermost first: the request id (so every
    /// later layer sees it), metrics and the access log (which see every exchange), no-store, CORS
    /// (it answers preflights, which carry no token, and labels every answer, 401s too, for
    /// the pages allowed to read it), then authentication. Serves without a socket too
    /// (`InProcessConnection`), which is how the route tests run.
    static func router(
        configuration: ServiceConfiguration, metrics: Metrics, log: AccessLog?,
        draining: @escaping @Sendable () -> Bool, transportStats: @escaping @Sendable () -> ServerStats
    ) -> Router {
        let routes = Routes(draining: draining, transportStats: transportStats, metrics: metrics, log: log,
                            configuration: configuration)
        var router = routes.router()
        router.use(RequestIDs())
        router.use(metrics)
        if let log { router.use(log) }
        router.use(NoStore())
        if !configuration.corsOrigins.isEmpty { router.use(CORS(origins: Set(configuration.corsOrigins))) }
        if let token = configuration.token {
            router.use(Authentication(auth: BearerAuth(token: Array(token.utf8)), openPaths: Routes.openPaths))
        }
        return router
    }

    /// Readiness turns 503, listeners close, in-flight requests finish (bounded by the drain time).
    public func shutdown() { server.shutdown() }

    /// Returns by the drain deadline plus the workers' grace, whatever still runs; the
    /// access log's writer then gets up to a second to write what is queued.
    public func wait() {
        server.wait()
        log?.stop()
    }

    public func stop() {
        shutdown()
        wait()
    }
}
