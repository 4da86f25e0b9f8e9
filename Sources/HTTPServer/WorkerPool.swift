import CEpoll
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Threads with large stacks that run offloaded handlers, so a big audit never stalls
/// an event loop. Results go back to the owning loop, which wakes through its eventfd.
final class WorkerPool: Sendable {
    struct Job: Sendable {
        let run: @Sendable () -> Void
    }

    private struct Queue {
        var jobs: [Job] = []
        var head = 0
        var stopping = false
        var count: Int { jobs.count - head }
    }

    private let queue = Mutex(Queue())
    /// Left in a queue slot once its job was taken.
    private static let taken = Job(run: {})
    private nonisolated(unsafe) let ready: UnsafeMutablePointer<sem_t>
    private let threads = Mutex<[UInt64]>([])
    private let maxQueued: Int
    /// Threads not yet returned from `work`.
    private let running = Atomic<Int>(0)

    init(count: Int, stackBytes: Int, maxQueued: Int) throws(ServerError) {
        self.maxQueued = maxQueued
        ready = .allocate(capacity: 1)
        sem_init(ready, 0, 0)
        var started: [UInt64] = []
        for _ in 0..<max(1, count) {
            running.add(1, ordering: .relaxed)
            started.append(try Threads.start(stackBytes: stackBytes) { [self] in work() })
        }
        threads.withLock { $0 = started }
    }

    deinit {
        sem_destroy(ready)
        ready.deallocate()
    }

    /// False when the queue is full or the pool stopped; the caller answers 503.
    func submit(_ job: Job) -> Bool {
        let accepted = queue.withLock { queue -> Bool in
            guard !queue.stopping, queue.count < maxQueued else { return false }
            queue.jobs.append(job)
            return true
        }
        if accepted { sem_post(ready) }
        return accepted
    }

    private func work() {
        defer { running.subtract(1, ordering: .releasing) }
        while true {
            while sem_wait(ready) != 0 {}
            let job = queue.withLock { queue -> Job? in
                guard !queue.stopping, queue.head < queue.jobs.count else { return nil }
                let job = queue.jobs[queue.head]
                // The slot lets go of the job at once: its closure holds the request (body
                // included), which would otherwise live on until up to 64 later jobs are taken.
                queue.jobs[queue.head] = Self.taken
                queue.head += 1
                if queue.head > 64, queue.head * 2 > queue.jobs.count {
                    queue.jobs.removeFirst(queue.head)
                    queue.head = 0
                }
                return job
            }
            guard let job else { return }
            job.run()
        }
    }

    /// Drops queued jobs and lets running ones finish for up to `graceNanos`; joins the
    /// threads if they all returned, else leaves them (each holds the pool alive) and returns.
    func stop(graceNanos: UInt64 = .max) {
        let handles = threads.withLock { handles -> [UInt64] in
            defer { handles = [] }
            return handles
        }
        queue.withLock { $0.stopping = true }
        for _ in handles { sem_post(ready) }
        let deadline = graceNanos == .max ? UInt64.max : cepoll_monotonic_ns() &+ graceNanos
        while running.load(ordering: .acquiring) > 0 {
            if cepoll_monotonic_ns() >= deadline { return }
            usleep(2_000)
        }
        for handle in handles { Threads.join(handle) }
    }
}
