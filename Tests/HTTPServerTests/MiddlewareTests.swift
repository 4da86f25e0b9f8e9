import A11yTestSupport
import Testing
@testable import HTTPServer
import Synchronization

/// The routes layers were shown, in order.
private final class RouteLog: Sendable {
    let seen = Mutex<[String]>([])
}

/// A layer that stops requests carrying `X-Stop: <its name>` (or `X-Stop: any`) and stamps
/// every answer with `X-Seen: <its name>`, noting the route each request matched.
private struct Stamp: Middleware {
    let name: String
    let status: Int
    let routes: RouteLog?

    init(_ name: String, status: Int, routes: RouteLog? = nil) {
        self.name = name
        self.status = status
        self.routes = routes
    }

    func intercept(_ request: Request, route: RouteMatch?) -> Response? {
        routes?.seen.withLock { $0.append(route.map { "\($0.path) \($0.allow) \($0.servesMethod)" } ?? "none") }
        let stop = request.header("x-stop")
        return stop == name || stop == "any" ? Response(status: status, body: Array(name.utf8)) : nil
    }

    func amend(_ response: inout Response, for request: Request?) {
        response.headers.append(("X-Seen", name))
    }
}

/// A layer that adds the same field, encoded once, to every answer (as `NoStore` does).
private struct Line: Middleware {
    let line: HeaderLine
    var hooks: MiddlewareHooks { [.amend] }
    func amend(_ response: inout Response, for request: Request?) { response.add(line) }
}

@Suite("Middleware around the router", .serialized)
struct MiddlewareTests {
    private static let routes = RouteLog()

    private func server() throws -> HTTPServer {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.loops = 1
        configuration.workers = 2
        configuration.inlineBodyBytes = 0
        configuration.limits.maxBodyBytes = 100
        var router = Router()
        router.add(.get, "/hello") { _ in Response(status: 200, body: Array("hello".utf8)) }
        router.add(.post, "/work", offload: true) { request in Response(status: 200, body: request.body) }
        router.use(Stamp("outer", status: 418, routes: Self.routes))
        router.use(Stamp("inner", status: 403))
        let server = try HTTPServer(configuration: configuration)
        try server.start(router: router)
        return server
    }

    private func seen(_ response: RawResponse) -> [String] {
        response.headers.filter { $0.0.lowercased() == "x-seen" }.map(\.1)
    }

    @Test func everyAnswerIsAmendedInnermostFirst() throws {
        let server = try server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let hello = try client.readResponse()
        #expect(hello.status == 200 && hello.text == "hello")
        #expect(seen(hello) == ["inner", "outer"])
        // The router's own answers and a worker's answer pass the layers too.
        client.send("GET /nowhere HTTP/1.1\r\nHost: t\r\n\r\n")
        let missing = try client.readResponse()
        #expect(missing.status == 404 && seen(missing) == ["inner", "outer"])
        client.send("DELETE /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let refused = try client.readResponse()
        #expect(refused.status == 405 && seen(refused) == ["inner", "outer"])
        client.send("POST /work HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nbody")
        let worked = try client.readResponse()
        #expect(worked.status == 200 && worked.text == "body" && seen(worked) == ["inner", "outer"])
        // The transport's own error for a body over the limit.
        let large = try RawClient(port: server.port)
        large.send("POST /work HTTP/1.1\r\nHost: t\r\nContent-Length: 500\r\n\r\n")
        let tooLarge = try large.readResponse()
        #expect(tooLarge.status == 413 && seen(tooLarge) == ["inner", "outer"])
    }

    @Test func theOutermostInterceptWinsBeforeTheBodyIsRead() throws {
        let server = try server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /work HTTP/1.1\r\nHost: t\r\nX-Stop: any\r\nContent-Length: 4\r\n\r\nbody")
        let stopped = try client.readResponse()
        #expect(stopped.status == 418 && stopped.text == "outer")
        #expect(seen(stopped) == ["inner", "outer"])
        // The skipped body does not break the connection: the next request is served.
        client.send("POST /work HTTP/1.1\r\nHost: t\r\nX-Stop: inner\r\nContent-Length: 2\r\n\r\nhi")
        let inner = try client.readResponse()
        #expect(inner.status == 403 && inner.text == "inner")
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hello")
        // A layer may answer a method the route does not serve, or a path it does not know.
        client.send("OPTIONS /hello HTTP/1.1\r\nHost: t\r\nX-Stop: outer\r\n\r\n")
        #expect(try client.readResponse().status == 418)
        client.send("GET /nowhere HTTP/1.1\r\nHost: t\r\nX-Stop: inner\r\n\r\n")
        #expect(try client.readResponse().status == 403)
    }

    @Test func layersSeeTheRouteTheRequestMatched() throws {
        Self.routes.seen.withLock { $0 = [] }
        let server = try server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for line in ["GET /hello", "HEAD /hello", "POST /hello", "GET /nowhere"] {
            client.send("\(line) HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.readResponse(bodyless: line.hasPrefix("HEAD"))
        }
        #expect(Self.routes.seen.withLock { $0 } == ["/hello GET, HEAD true", "/hello GET, HEAD true", "/hello GET, HEAD false", "none"])
    }

    /// Encoded lines follow the fields given as Strings, in the order the layers added them
    /// (innermost first), whether they share a layer's bytes (the first) or are appended.
    @Test func encodedLinesFollowTheHeadersInTheOrderAdded() {
        var router = Router()
        router.add(.get, "/hello") { _ in Response(status: 200, headers: [("X-Handler", "1")], body: Array("hello".utf8)) }
        router.use(Line(line: HeaderLine(name: "X-Outer", value: "2")))
        router.use(Stamp("inner", status: 403))
        router.use(Line(line: HeaderLine(name: "X-Innermost", value: "1")))
        let connection = InProcessConnection(router: router)
        let answer = String(decoding: connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.hasSuffix("\r\nX-Handler: 1\r\nX-Seen: inner\r\nX-Innermost: 1\r\nX-Outer: 2\r\n\r\nhello"))
    }
}
