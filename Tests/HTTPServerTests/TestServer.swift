#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPServer
import Synchronization

/// How `/spin` handlers ended, by reason.
final class SpinLog: Sendable {
    private let reasons = Mutex<[Cancellation.Reason?]>([])
    private let begun = Mutex(0)
    /// Handlers that started running (a request cancelled while queued never starts).
    var started: Int { begun.withLock { $0 } }
    func start() { begun.withLock { $0 += 1 } }
    func record(_ reason: Cancellation.Reason?) { reasons.withLock { $0.append(reason) } }
    func count(_ reason: Cancellation.Reason) -> Int { reasons.withLock { $0.filter { $0 == reason }.count } }
}

let cancelledSpins = SpinLog()

/// `/gauge` handlers running now, and the most that ever ran at once.
let gaugeRunning = Atomic<Int>(0)
let gaugeMostAtOnce = Atomic<Int>(0)
let gaugeRuns = Atomic<Int>(0)
let stuckFinished = Atomic<Bool>(false)

/// A server on a free port with small routes that exercise the transport.
func startTestServer(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.loops = 2
    configuration.workers = 2
    // Offloaded test routes always go to a worker unless a test asks otherwise.
    configuration.inlineBodyBytes = 0
    adjust(&configuration)
    var router = Router()
    router.add(.get, "/hello") { _ in Response(status: 200, contentType: "text/plain", body: Array("hello".utf8)) }
    router.add(.post, "/echo") { request in
        Response(status: 200, contentType: "application/octet-stream", body: request.body)
    }
    router.add(.post, "/slow", offload: true) { request in
        usleep(300_000)
        return Response(status: 200, contentType: "text/plain", body: Array("slow:\(request.body.count)".utf8))
    }
    // Notes how many of it run at once (each for 200 ms), for the memory budget's tests.
    router.add(.post, "/gauge", offload: true) { request in
        gaugeRuns.add(1, ordering: .sequentiallyConsistent)
        let running = gaugeRunning.add(1, ordering: .sequentiallyConsistent).newValue
        gaugeMostAtOnce.max(running, ordering: .sequentiallyConsistent)
        usleep(200_000)
        gaugeRunning.subtract(1, ordering: .sequentiallyConsistent)
        return Response(status: 200, body: Array("gauge:\(request.body.count)".utf8))
    }
    // The thread that ran the handler, to tell a loop from a worker.
    router.add(.get, "/thread") { _ in Response(status: 200, body: Array("\(pthread_self())".utf8)) }
    router.add(.post, "/thread", offload: true) { _ in Response(status: 200, body: Array("\(pthread_self())".utf8)) }
    // Runs until its request is cancelled (at most 20 s), then says why in `cancelledSpins`.
    router.add(.post, "/spin", offload: true) { request in
        cancelledSpins.start()
        for _ in 0..<20_000 where !request.cancellation.isCancelled { usleep(1_000) }
        cancelledSpins.record(request.cancellation.reason)
        return Response(status: 200, body: Array("spun".utf8))
    }
    // Ignores cancellation: a handler stuck for 15 s, then notes that it finished. Long enough
    // that on a loaded machine it is still stuck when the drain test's deadline comes (with
    // 3 s, it once finished first and its worker ran the request meant to stay queued).
    router.add(.post, "/stuck", offload: true) { _ in
        usleep(15_000_000)
        stuckFinished.store(true, ordering: .relaxed)
        return Response(status: 200)
    }
    // Offloaded, cheap (so on the loop) unless the body starts with "!".
    router.add(.post, "/costly", offload: true, isCheap: { $0.body.first != UInt8(ascii: "!") }) { _ in
        Response(status: 200, body: Array("\(pthread_self())".utf8))
    }
    // Offloaded and small (tried on the loop): says where it ran; a body starting with "!"
    // is too costly for the loop, which hands it to a worker.
    router.add(.post, "/handoff", offload: true) { request in
        if request.onLoop, request.body.first == UInt8(ascii: "!") { return .runOnWorker }
        return Response(status: 200, body: Array("onLoop:\(request.onLoop)".utf8))
    }
    // An answer of as many bytes as the body's decimal number, built on the loop or on a worker.
    router.add(.post, "/big") { request in
        Response(status: 200, body: [UInt8](repeating: UInt8(ascii: "x"), count: Int(String(decoding: request.body, as: UTF8.self)) ?? 0))
    }
    router.add(.post, "/big-offloaded", offload: true) { request in
        Response(status: 200, body: [UInt8](repeating: UInt8(ascii: "x"), count: Int(String(decoding: request.body, as: UTF8.self)) ?? 0))
    }
    router.add(.post, "/guarded", precheck: { request in
        request.header("x-key") == "yes" ? nil : .problem(status: 401, detail: "no key")
    }) { request in Response(status: 200, body: request.body) }
    let server = try HTTPServer(configuration: configuration)
    try server.start(router: router)
    return server
}
