import HTTPParser

/// The route a request matched, as middleware sees it.
public struct RouteMatch: Sendable {
    /// The route's path.
    public let path: String
    /// The methods it serves (HEAD with GET), as an Allow field lists them.
    public let allow: String
    /// Whether it serves the request's method; when not, the router answers 405.
    public let servesMethod: Bool
}

/// One layer around the router (CORS, authentication, ...). Every request that matched
/// a route passes each layer's `intercept` in the order they were added, after its head
/// is read and before its body is; the first answer wins and the body is then skipped.
/// Every answer (the handler's, a layer's, the router's 404 and 405, the transport's own
/// 413 or 503) then passes each layer's `amend`, innermost first.
public protocol Middleware: Sendable {
    /// Answers the request itself, or nil to hand it on. `route` is nil for a path the
    /// router does not know (it answers 404 when every layer passes).
    func intercept(_ request: Request, route: RouteMatch?) -> Response?
    /// Changes an answer before it is written. `request` is nil when the request line
    /// could not be read (nothing is known about the client then).
    func amend(_ response: inout Response, for request: Request?)
}

extension Middleware {
    public func intercept(_ request: Request, route: RouteMatch?) -> Response? { nil }
    public func amend(_ response: inout Response, for request: Request?) {}
}

extension Router {
    /// Adds a layer outside those already added: it intercepts before them and amends after them.
    public mutating func use(_ layer: any Middleware) {
        middleware.append(layer)
    }

    /// The first answer a layer gives to a request, before the router's own 404 / 405 and the route's precheck.
    func intercept(_ request: Request, route: RouteMatch?) -> Response? {
        for layer in middleware {
            if let response = layer.intercept(request, route: route) { return response }
        }
        return nil
    }

    /// Every layer's changes to an answer, the innermost (last added) first.
    func amend(_ response: inout Response, for request: Request?) {
        for layer in middleware.reversed() { layer.amend(&response, for: request) }
    }
}
