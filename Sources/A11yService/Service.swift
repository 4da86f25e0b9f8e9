import A11yCore
import HTTPServer

/// The running service: the HTTP transport plus the audit API. Start it in-process
/// (tests, `serve`), read `port`, then `shutdown` + `wait`, or `stop`.
public final class A11yService: Sendable {
    public let configuration: ServiceConfiguration
    public let server: HTTPServer
    let metrics: Metrics
    /// What the router serves: each path with its methods (HEAD implied by GET).
    public let endpoints: [(path: String, methods: [HTTPMethod])]

    public var port: Int { server.port }
    public var isDraining: Bool { server.isDraining }

    /// Binds and starts serving.
    public init(configuration: ServiceConfiguration) throws(ServerError) {
        self.configuration = configuration
        server = try HTTPServer(configuration: configuration.server)
        metrics = Metrics(loops: server.configuration.loops)
        let ids = RequestIDs()
        let routes = Routes(
            server: server, metrics: metrics,
            auth: configuration.token.map { BearerAuth(token: Array($0.utf8)) })
        let router = routes.router()
        endpoints = router.endpoints
        let log = configuration.accessLogFD.map { AccessLog(fd: $0, loops: server.configuration.loops) }
        try server.start(router: router, observer: ServiceObserver(metrics: metrics, log: log, ids: ids))
    }

    /// Readiness turns 503, listeners close, in-flight requests finish (bounded by the drain time).
    public func shutdown() { server.shutdown() }

    public func wait() { server.wait() }

    public func stop() {
        shutdown()
        wait()
    }
}
