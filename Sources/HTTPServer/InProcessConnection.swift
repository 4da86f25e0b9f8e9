/// A router served without sockets: request bytes in, response bytes out, through the same
/// connection state machine (`HTTPConnection`) and middleware the event loops run. For
/// tests of routes and middleware. Handlers run on the calling thread, offloaded routes'
/// too (there are no workers); time moves only when `advance` says so.
public final class InProcessConnection {
    let connection: HTTPConnection
    private let context: HTTPContext
    /// What the server wrote that `send` and `advance` have not returned yet.
    private var written: [UInt8] = []
    /// Bytes the client takes before its receive window is full (nil: all); a client that
    /// does not read sets it to 0.
    public var clientTakes: Int?
    /// The server shut its write side (after an error answer it lingers before closing).
    public private(set) var writeShut = false
    public private(set) var isClosed = false
    /// Input the connection would not buffer (its input was full): the loop would stop reading.
    public private(set) var refusedBytes = 0

    public init(router: Router, configuration: ServerConfiguration = ServerConfiguration()) {
        let shared = ServerShared(configuration: configuration, router: router, workers: nil)
        context = HTTPContext(shared: shared, counters: LoopCounters(), loop: 0)
        context.now = 1_000_000_000
        context.date.refresh()
        connection = HTTPConnection(context: context)
    }

    /// Feeds `bytes` as if they arrived from the client, in reads of at most `chunk` bytes;
    /// returns what the server wrote in answer.
    @discardableResult
    public func send(_ bytes: [UInt8], chunk: Int = .max) -> [UInt8] {
        var offset = 0
        while offset < bytes.count, !isClosed {
            let count = connection.receive { space in
                let count = min(space.count, bytes.count - offset, chunk)
                bytes.withUnsafeBytes { space.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
                return count
            }
            if count == -2 {
                refusedBytes += bytes.count - offset
                break
            }
            offset += count
            perform(connection.next())
        }
        return takeWritten()
    }

    public func send(_ text: String, chunk: Int = .max) -> [UInt8] { send(Array(text.utf8), chunk: chunk) }

    /// The client ends its side (its read side stays open).
    @discardableResult
    public func endInput() -> [UInt8] {
        if !isClosed { perform(connection.inputEnded()) }
        return takeWritten()
    }

    /// The client reads again: it takes everything from now on.
    @discardableResult
    public func read() -> [UInt8] {
        clientTakes = nil
        if !isClosed { perform(connection.next()) }
        return takeWritten()
    }

    /// Lets `seconds` pass and the connection's timers fire, as the loop's tick does.
    @discardableResult
    public func advance(seconds: Double) -> [UInt8] {
        context.now += nanos(seconds)
        if !isClosed { perform(connection.tick(draining: false)) }
        return takeWritten()
    }

    private func takeWritten() -> [UInt8] {
        defer { written = [] }
        return written
    }

    private func perform(_ first: HTTPConnection.Action) {
        var action = first
        while true {
            switch action {
            case .wait:
                return
            case .startHandler(let routeIndex):
                guard let request = connection.request,
                      let handler = context.router[routeIndex].handler(for: request.method) else { return }
                connection.answer(handler(request))
            case .write:
                let taken = connection.withPendingOutput { raw in
                    let count = min(raw.count, clientTakes ?? .max)
                    written += raw[0..<count]
                    return count
                }
                if taken > 0 { connection.sent(taken) }
                if let window = clientTakes { clientTakes = window - taken }
                if connection.outputPending {
                    connection.writeBlocked()
                    return
                }
            case .shutdownWrite:
                writeShut = true
            case .close:
                connection.close()
                isClosed = true
                return
            }
            action = connection.next()
        }
    }
}
