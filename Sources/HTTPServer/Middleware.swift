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

/// One layer around the router: authentication, CORS, request ids, metrics, access logs.
/// Our handlers may run on a worker after the body is read, so a layer is not one
/// `(request, next) -> response` function (as in Hummingbird) but hooks at the points of an
/// exchange, each called on the event loop that serves it:
/// - `intercept`: every request, after its head is read and before its body is, in the order
///   layers were added; the first answer wins and the body is then skipped.
/// - `amend`: every answer (the handler's, a layer's, the router's 404 and 405, the
///   transport's own 408, 413 or 503), innermost first, before it is written.
/// - `completed`: every exchange once its answer is queued, with what was written and how
///   long it took, innermost first.
/// - `batchEnded`: the loop handled a batch of events: a moment to hand on buffered output.
public protocol Middleware: Sendable {
    /// Answers the request itself, or nil to hand it on. `route` is nil for a path the
    /// router does not know (it answers 404 when every layer passes).
    func intercept(_ request: Request, route: RouteMatch?) -> Response?
    /// Changes an answer before it is written. `request` is nil when the request line
    /// could not be read (nothing is known about the client then).
    func amend(_ response: inout Response, for request: Request?)
    /// Sees an exchange once its answer is queued. `loop` identifies the event loop's
    /// thread, so a layer can keep per-loop state without contention.
    func completed(_ exchange: Exchange, loop: Int)
    /// The loop `loop` handled a batch of events.
    func batchEnded(loop: Int)
}

/// One answered request, as the transport saw it, for metrics and access logs.
public struct Exchange: Sendable {
    /// Nil when the request line could not be parsed.
    public var method: HTTPMethod?
    /// The request path, empty when unknown.
    public var path: String
    /// The matched route's path, nil for 404 and transport errors.
    public var route: String?
    public var status: Int
    public var requestBytes: Int
    public var responseBytes: Int
    /// Monotonic nanoseconds from the first byte of the request to the queued response.
    public var durationNanos: UInt64
    public var requestID: String?
}

extension Middleware {
    public func intercept(_ request: Request, route: RouteMatch?) -> Response? { nil }
    public func amend(_ response: inout Response, for request: Request?) {}
    public func completed(_ exchange: Exchange, loop: Int) {}
    public func batchEnded(loop: Int) {}
}

extension Router {
    /// Adds a layer outside those already added: it intercepts before them and amends after them.
    public mutating func use(_ layer: any Middleware) {
        middleware.append(layer)
    }

    // The layers are read in place (not copied out of the array) on every exchange.

    /// The first answer a layer gives to a request, before the router's own 404 / 405 and the route's precheck.
    func intercept(_ request: Request, route: RouteMatch?) -> Response? {
        middleware.withUnsafeBufferPointer { layers in
            for i in layers.indices {
                if let response = layers[i].intercept(request, route: route) { return response }
            }
            return nil
        }
    }

    /// Every layer's changes to an answer, the innermost (last added) first.
    func amend(_ response: inout Response, for request: Request?) {
        middleware.withUnsafeBufferPointer { layers in
            for i in layers.indices.reversed() { layers[i].amend(&response, for: request) }
        }
    }

    func completed(_ exchange: Exchange, loop: Int) {
        middleware.withUnsafeBufferPointer { layers in
            for i in layers.indices.reversed() { layers[i].completed(exchange, loop: loop) }
        }
    }

    func batchEnded(loop: Int) {
        middleware.withUnsafeBufferPointer { layers in
            for i in layers.indices { layers[i].batchEnded(loop: loop) }
        }
    }
}
