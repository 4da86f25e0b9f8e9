import A11yJSON

/// What a handler answers. The transport adds Date, Content-Length and Connection.
public struct Response: Sendable {
    public var status: Int
    public var contentType: String?
    public var headers: [(name: String, value: String)]
    /// Header fields added as `HeaderLine`s, already encoded; written after `headers`.
    private(set) var headerLines: [UInt8] = []
    public var body: [UInt8]
    /// Echoed as X-Request-Id and passed to the exchange observer.
    public var requestID: String?
    /// Close the connection after this response.
    public var close: Bool
    /// The memory its handler reserved; the connection holds it until the response is written.
    var reservation: MemoryReservation?
    /// Not an answer: the handler, run on an event loop (`Request.onLoop`), found the
    /// request too costly to finish there (`runOnWorker`).
    var handOff = false

    public init(
        status: Int, contentType: String? = nil, headers: [(name: String, value: String)] = [],
        body: [UInt8] = [], requestID: String? = nil, close: Bool = false
    ) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
        self.requestID = requestID
        self.close = close
    }

    /// Adds a header field encoded once (a layer adding the same field to every answer).
    public mutating func add(_ line: HeaderLine) {
        // The first line shares the layer's bytes: no copy, no allocation per answer.
        if headerLines.isEmpty { headerLines = line.bytes } else { headerLines += line.bytes }
    }

    /// What a handler running on an event loop (`Request.onLoop`) answers when its work or
    /// answer would cost more than the loop may spend: the request is run again on a worker.
    public static let runOnWorker: Response = {
        var response = Response(status: 503)
        response.handOff = true
        return response
    }()

    /// An RFC 9457 problem document with only generic members, for transport errors.
    public static func problem(status: Int, detail: String) -> Response {
        var json = JSONWriter(capacity: 96 + detail.utf8.count)
        json.beginObject()
        json.key("type")
        json.string("about:blank")
        json.key("title")
        json.string(HTTPStatus.reason(status))
        json.key("status")
        json.int(status)
        json.key("detail")
        json.string(detail)
        json.endObject()
        return Response(status: status, contentType: "application/problem+json", body: json.bytes)
    }
}

/// A header field encoded once ("Name: value\r\n"), for a layer that adds the same field to
/// every answer (`Response.add`).
public struct HeaderLine: Sendable {
    let bytes: [UInt8]

    public init(name: String, value: String) {
        bytes = Array("\(name): \(value)\r\n".utf8)
    }
}
