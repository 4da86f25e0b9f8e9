import HTTPParser
/// Per-connection state, owned by one event loop thread.
final class Connection {
    enum Phase {
        /// Waiting for (the rest of) a request head.
        case head
        /// Head done, reading its body.
        case body
        /// A worker runs the handler; nothing else is parsed until it answers, keeping order.
        case handling
        /// Final response sent and write side shut; discarding input until the peer closes.
        case lingering
    }

    let fd: Int32
    let serial: UInt64
    var phase = Phase.head

    /// Input bytes live in inbuf[inStart..<inEnd]; the array's count is its capacity.
    var inbuf: [UInt8]
    var inStart = 0
    var inEnd = 0
    /// Bytes of the current head already scanned (parser hint).
    var scanned = 0
    var head = RequestHead()
    /// Some byte of the current request has arrived (decides 408 versus a silent close).
    var requestStarted = false
    var requestStart: UInt64 = 0
    var requestBytes = 0
    var inFlight = false

    var pending: Request?
    var pendingRoute = 0
    var contentRemaining = 0
    var chunked: ChunkedDecoder?
    var body: [UInt8] = []
    /// `body`'s capacity as counted in `ServerShared.bufferedBytes` (also while a worker
    /// holds the request), returned when the answer is queued or the connection closes.
    var bodyAccounted = 0
    /// The most a body of this request can hold: its Content-Length, or the body limit.
    var bodyLimit = 0
    /// The flag a worker's handler polls, while one runs this connection's request.
    var cancellation: Cancellation?
    /// Reading a body only to skip it: the request was already answered (401, 404, ...).
    var discarding = false
    /// An offloaded route's handler tried on the loop found an earlier request of this
    /// connection too costly (`Response.runOnWorker`): its later requests go straight to a
    /// worker, as a client tends to send the same kind of request again.
    var costlyOnLoop = false

    var outbuf: [UInt8] = []
    /// The memory reservation of the response in `outbuf`, dropped once it is written.
    var reservation: MemoryReservation?
    var outStart = 0
    var closeAfterWrite = false
    /// The close follows an error with request bytes possibly unread: linger before closing.
    var lingerOnClose = false
    var peerClosed = false

    /// epoll interest currently registered.
    var interest: UInt32 = 0
    var deadline: UInt64 = 0
    var writeDeadline: UInt64 = 0

    init(fd: Int32, serial: UInt64, bufferBytes: Int) {
        self.fd = fd
        self.serial = serial
        inbuf = [UInt8](repeating: 0, count: bufferBytes)
    }

    var buffered: Int { inEnd - inStart }
    var outputPending: Bool { outStart < outbuf.count }
}
