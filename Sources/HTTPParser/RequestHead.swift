/// One header field as byte offsets into the buffer the head was parsed from.
public struct HeaderField: Sendable, Equatable {
    public var nameStart: Int32
    public var nameEnd: Int32
    public var valueStart: Int32
    public var valueEnd: Int32
}

/// How the body after the head is delimited (RFC 9112 §6.3).
public enum BodyFraming: Sendable, Equatable {
    case none
    case contentLength(Int)
    case chunked
}

/// A parsed request head: offsets into the parsed bytes, nothing copied.
public struct RequestHead: Sendable, Equatable {
    public var method: HTTPMethod = .get
    public var targetStart = 0
    public var targetEnd = 0
    /// Where the path ends inside the target: the first "?" or the target end.
    public var pathStart = 0
    public var pathEnd = 0
    public var versionMinor = 1
    public var headers: [HeaderField] = []
    /// Bytes of the head including blank lines before it and the final empty line.
    public var length = 0
    public var framing: BodyFraming = .none
    public var keepAlive = true
    public var expectContinue = false

    public init() {}

    /// The first field named `name` (ASCII case-insensitive); `bytes` are the bytes the head
    /// was parsed from.
    public func field(named name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeRawBufferPointer) -> HeaderField? {
        for field in headers where Int(field.nameEnd - field.nameStart) == name.count {
            let start = Int(field.nameStart)
            var same = true
            for k in 0..<name.count where ByteClass.lower(bytes[start + k]) != ByteClass.lower(name[k]) {
                same = false
                break
            }
            if same { return field }
        }
        return nil
    }

    /// Clears for the next request but keeps the header array's storage.
    mutating func reset() {
        method = .get
        targetStart = 0; targetEnd = 0; pathStart = 0; pathEnd = 0
        versionMinor = 1
        headers.removeAll(keepingCapacity: true)
        length = 0
        framing = .none
        keepAlive = true
        expectContinue = false
    }
}
