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
/// A layer names the hooks it acts at (`hooks`); the router calls it at those only.
public protocol Middleware: Sendable {
    /// The hooks this layer implements (all of them unless it says fewer).
    var hooks: MiddlewareHooks { get }
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

/// The points of an exchange a layer acts at.
public struct MiddlewareHooks: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let intercept = MiddlewareHooks(rawValue: 1)
    public static let amend = MiddlewareHooks(rawValue: 2)
    public static let completed = MiddlewareHooks(rawValue: 4)
    public static let batchEnded = MiddlewareHooks(rawValue: 8)
    public static let all: MiddlewareHooks = [.intercept, .amend, .completed, .batchEnded]
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
    public var hooks: MiddlewareHooks { .all }
    public func intercept(_ request: Request, route: RouteMatch?) -> Response? { nil }
    public func amend(_ response: inout Response, for request: Request?) {}
    public func completed(_ exchange: Exchange, loop: Int) {}
    public func batchEnded(loop: Int) {}
}

/// The layers of a router, in the order they were added, and for each hook those that act at it.
struct MiddlewareChain: Sendable {
    private(set) var all: [any Middleware] = []
    private(set) var interceptors: [any Middleware] = []
    private(set) var amenders: [any Middleware] = []
    private(set) var observers: [any Middleware] = []
    private(set) var batchObservers: [any Middleware] = []

    mutating func append(_ layer: any Middleware) {
        all.append(layer)
        let hooks = layer.hooks
        if hooks.contains(.intercept) { interceptors.append(layer) }
        if hooks.contains(.amend) { amenders.append(layer) }
        if hooks.contains(.completed) { observers.append(layer) }
        if hooks.contains(.batchEnded) { batchObservers.append(layer) }
    }
}

extension Router {
    /// Adds a layer outside those already added: it intercepts before them and amends after them.
    public mutating func use(_ layer: any Middleware) {
        middleware.append(layer)
    }

    // Each hook walks its layers by index, in place: no copy of the list or of a layer per exchange.

    /// The first answer a layer gives to a request, before the router's own 404 / 405 and the route's precheck.
    func intercept(_ request: Request, route: RouteMatch?) -> Response? {
        middleware.interceptors.withUnsafeBufferPointer { layers in
            var i = 0
            while i < layers.count {
                if let response = layers[i].intercept(request, route: route) { return response }
                i += 1
            }
            return nil
        }
    }

    /// Every layer's changes to an answer, the innermost (last added) first.
    func amend(_ response: inout Response, for request: Request?) {
        middleware.amenders.withUnsafeBufferPointer { layers in
            var i = layers.count
            while i > 0 {
                i -= 1
                layers[i].amend(&response, for: request)
            }
        }
    }

    func completed(_ exchange: Exchange, loop: Int) {
        middleware.observers.withUnsafeBufferPointer { layers in
            var i = layers.count
            while i > 0 {
                i -= 1
                layers[i].completed(exchange, loop: loop)
            }
        }
    }

    func batchEnded(loop: Int) {
        middleware.batchObservers.withUnsafeBufferPointer { layers in
            var i = 0
            while i < layers.count {
                layers[i].batchEnded(loop: loop)
                i += 1
            }
        }
    }
}
