import A11yJSON
import A11yText
import CEpoll
import HTTPServer
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One JSON line per exchange (a layer around the router: `completed`). Lines collect in a per-loop buffer; once per loop iteration
/// the loop moves them to a bounded queue that a writer thread empties, in pieces of at most
/// PIPE_BUF ending at a newline, so lines never interleave on a pipe. A loop never writes
/// to the log itself: when the reader of the log stalls, the queue fills and further lines
/// are dropped (and counted) instead of blocking requests.
final class AccessLog: Middleware {
    var hooks: MiddlewareHooks { [.completed, .batchEnded] }
    private struct Queue {
        var bytes: [UInt8] = []
        var stopping = false
    }

    private let fd: Int32
    private let buffers: [Locked<[UInt8]>]
    private let queue = Mutex(Queue())
    private let capacity: Int
    private let droppedLines = Atomic<Int>(0)
    private let writerDone = Atomic<Bool>(false)
    private nonisolated(unsafe) let ready: UnsafeMutablePointer<sem_t>

    /// `capacity`: bytes of lines waiting for the writer; lines beyond it are dropped.
    init(fd: Int32, loops: Int, capacity: Int = 1 << 20) throws(ServerError) {
        self.fd = fd
        self.capacity = max(4_096, capacity)
        buffers = (0..<max(1, loops)).map { _ in Locked([UInt8]()) }
        ready = .allocate(capacity: 1)
        sem_init(ready, 0, 0)
        _ = try Threads.start(stackBytes: 1 << 20) { [self] in writeLines() }
    }

    deinit {
        sem_destroy(ready)
        ready.deallocate()
    }

    /// Lines dropped because the queue was full.
    var dropped: Int { droppedLines.load(ordering: .relaxed) }

    func completed(_ exchange: Exchange, loop: Int) {
        buffers[loop % buffers.count].withLock { line in
            line += "{\"time\":\"".utf8
            // The timestamp is written straight into the line.
            let at = line.count
            line.append(contentsOf: repeatElement(0, count: 24))
            line.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + at).withMemoryRebound(to: CChar.self, capacity: 24) { cepoll_rfc3339_now($0) }
            }
            line += "\",\"method\":".utf8
            if let method = exchange.method {
                line += "\"".utf8
                line += method.name.utf8
                line += "\"".utf8
            } else {
                line += "null".utf8
            }
            line += ",\"path\":".utf8
            JSONWriter.appendString(exchange.path, to: &line)
            // Numbers as digits straight into the line: interpolating them built and grew a String per request.
            line += ",\"status\":".utf8
            NumberText.append(exchange.status, to: &line)
            line += ",\"bytes\":".utf8
            NumberText.append(exchange.responseBytes, to: &line)
            line += ",\"bytes_in\":".utf8
            NumberText.append(exchange.requestBytes, to: &line)
            line += ",\"duration_ms\":".utf8
            NumberText.append(Double(exchange.durationNanos / 1_000) / 1_000, .swift, to: &line)
            line += ",\"request_id\":".utf8
            if let id = exchange.requestID { JSONWriter.appendString(id, to: &line) } else { line += "null".utf8 }
            line += "}\n".utf8
        }
    }

    /// Hands the loop's pending lines to the writer, or drops them when its queue is full.
    /// Only that loop appends to its buffer, which keeps its capacity.
    func batchEnded(loop: Int) {
        buffers[loop % buffers.count].withLock { pending in
            guard !pending.isEmpty else { return }
            let (queued, wake) = queue.withLock { queue -> (Bool, Bool) in
                guard queue.bytes.count + pending.count <= capacity else { return (false, false) }
                let wasEmpty = queue.bytes.isEmpty
                queue.bytes += pending
                return (true, wasEmpty)
            }
            if !queued {
                var lines = 0
                for byte in pending where byte == 0x0A { lines += 1 }
                droppedLines.add(lines, ordering: .relaxed)
            }
            if wake { sem_post(ready) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Lets the writer empty its queue for up to `graceNanos`, then stops waiting for it.
    func stop(graceNanos: UInt64 = 300_000_000) {
        for loop in buffers.indices { batchEnded(loop: loop) }
        queue.withLock { $0.stopping = true }
        sem_post(ready)
        let deadline = cepoll_monotonic_ns() &+ graceNanos
        while !writerDone.load(ordering: .acquiring), cepoll_monotonic_ns() < deadline { usleep(1_000) }
    }

    /// The writer thread: blocking writes are fine here, nobody waits for them.
    private func writeLines() {
        var batch: [UInt8] = []
        while true {
            while sem_wait(ready) != 0 {}
            while true {
                let stopping = queue.withLock { queue -> Bool in
                    swap(&queue.bytes, &batch)
                    return queue.stopping
                }
                if batch.isEmpty {
                    if stopping {
                        writerDone.store(true, ordering: .releasing)
                        return
                    }
                    break
                }
                writePieces(batch)
                batch.removeAll(keepingCapacity: true)
                // Under load, let lines gather for a moment: at most 200 writes a second.
                usleep(5_000)
            }
        }
    }

    private func writePieces(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                var end = min(raw.count, start + Int(PIPE_BUF))
                if end < raw.count {
                    var cut = end
                    while cut > start, raw[cut - 1] != 0x0A { cut -= 1 }
                    if cut > start { end = cut }
                }
                let written = write(fd, raw.baseAddress! + start, end - start)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                start += written
            }
        }
    }
}
