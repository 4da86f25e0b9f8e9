import HTTPParser
/// Handles a complete request. Runs on an event loop, or on a worker when the route offloads.
public typealias Handler = @Sendable (Request) -> Response
/// Whether an offloaded route's request, body complete, is cheap enough to answer on the
/// event loop (the route knows its work; the transport only knows bytes).
public typealias CostCheck = @Sendable (Request) -> Bool
/// Bytes an offloaded request will hold beyond what its body size suggests (a form's
/// screenshot decodes to far more than its compressed bytes): reserved with the rest.
public typealias MemoryEstimate = @Sendable (Request) -> Int
/// Looks at a request before its body is read (auth, content type); a response here
/// is sent at once and the body is never read.
public typealias Precheck = @Sendable (Request) -> Response?

/// One path and the handlers for its methods.
public struct Route: Sendable {
    public let path: String
    let pathBytes: [UInt8]
    var handlers: [(method: HTTPMethod, handler: Handler)]
    /// Run handlers with large bodies on the worker pool so slow work never blocks an event
    /// loop (small ones stay on the loop: `ServerConfiguration.inlineBodyBytes`).
    public var offload: Bool
    /// For offloaded routes: a request whose body is within `inlineBodyBytes` still goes to a
    /// worker unless this says it is cheap. Nil: the body size alone decides.
    public var isCheap: CostCheck?
    /// For offloaded routes: memory the request needs beyond the body-size estimate.
    public var extraMemory: MemoryEstimate?
    public var precheck: Precheck?
    /// The Allow field for 405 answers.
    var allow: String

    func handler(for method: HTTPMethod) -> Handler? {
        for entry in handlers where entry.method == method { return entry.handler }
        // RFC 9110 §9.3.2: HEAD is GET without the content.
        if method == .head { for entry in handlers where entry.method == .get { return entry.handler } }
        return nil
    }
}

/// Exact-path routing: unknown path 404, known path with another method 405 + Allow.
public struct Router: Sendable {
    private(set) var routes: [Route] = []
    /// Layers around every route, outermost first (`use`).
    var middleware = MiddlewareChain()

    public init() {}

    public mutating func add(
        _ method: HTTPMethod, _ path: String, offload: Bool = false, isCheap: CostCheck? = nil,
        extraMemory: MemoryEstimate? = nil, precheck: Precheck? = nil, _ handler: @escaping Handler
    ) {
        if let index = routes.firstIndex(where: { $0.path == path }) {
            routes[index].handlers.append((method, handler))
            routes[index].offload = routes[index].offload || offload
            if let precheck { routes[index].precheck = precheck }
            if let isCheap { routes[index].isCheap = isCheap }
            if let extraMemory { routes[index].extraMemory = extraMemory }
            routes[index].allow = Router.allow(routes[index].handlers)
        } else {
            let handlers = [(method: method, handler: handler)]
            routes.append(Route(path: path, pathBytes: Array(path.utf8), handlers: handlers, offload: offload,
                                isCheap: isCheap, extraMemory: extraMemory, precheck: precheck, allow: Router.allow(handlers)))
        }
    }

    private static func allow(_ handlers: [(method: HTTPMethod, handler: Handler)]) -> String {
        var names = handlers.map(\.method.name)
        if names.contains("GET"), !names.contains("HEAD") { names.append("HEAD") }
        return names.joined(separator: ", ")
    }

    /// The route whose path equals bytes[start..<end], compared without building a String.
    func route(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int? {
        let length = end - start
        for (index, route) in routes.enumerated() where route.pathBytes.count == length {
            let same = route.pathBytes.withUnsafeBytes { candidate in
                memcmpEqual(candidate.baseAddress!, bytes.baseAddress! + start, length)
            }
            if same { return index }
        }
        return nil
    }

    subscript(index: Int) -> Route { routes[index] }

    /// The path of route `index`, read without copying the route.
    func path(of index: Int) -> String { routes[index].path }

    /// Every path with the methods it serves, in the order they were added; HEAD, implied
    /// by GET, is not listed. For documentation checks and introspection.
    public var endpoints: [(path: String, methods: [HTTPMethod])] {
        routes.map { ($0.path, $0.handlers.map(\.method)) }
    }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    for k in 0..<count where a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self) {
        return false
    }
    return true
}
