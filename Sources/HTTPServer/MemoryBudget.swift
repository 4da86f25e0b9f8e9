import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Bytes that offloaded handlers may hold at once (`ServerConfiguration.maxOffloadMemory`).
/// Before a worker runs a handler it reserves an estimate of what the request will cost
/// (`offloadMemoryPerBodyByte` × body bytes, at most the whole budget, so any one request
/// can run alone) and waits while the budget cannot cover it. The reservation is held by
/// the worker until the handler returns and by the connection until its response is written
/// or the connection closes: it ends when the last of them lets go, so a response a client
/// reads slowly stays counted.
final class MemoryBudget: Sendable {
    let capacity: Int
    private let available: Mutex<Int>

    init(capacity: Int) {
        self.capacity = capacity
        available = Mutex(capacity)
    }

    /// Bytes not reserved right now.
    var free: Int { available.withLock { $0 } }

    /// Waits until `bytes` (capped at the capacity) can be reserved; nil when the request
    /// was cancelled meanwhile (client gone, drain over).
    func reserve(_ bytes: Int, unless cancellation: Cancellation) -> MemoryReservation? {
        let bytes = min(max(bytes, 0), capacity)
        while true {
            let taken = available.withLock { available -> Bool in
                guard available >= bytes else { return false }
                available -= bytes
                return true
            }
            if taken { return MemoryReservation(budget: self, bytes: bytes) }
            if cancellation.isCancelled { return nil }
            // Only while the budget is exhausted: a finished handler frees it within a
            // millisecond of polling, far below an audit's own time.
            usleep(1_000)
        }
    }

    fileprivate func release(_ bytes: Int) {
        available.withLock { $0 += bytes }
    }
}

/// Bytes reserved from a `MemoryBudget`, given back when the last holder drops it.
final class MemoryReservation: Sendable {
    private let budget: MemoryBudget
    let bytes: Int

    fileprivate init(budget: MemoryBudget, bytes: Int) {
        self.budget = budget
        self.bytes = bytes
    }

    deinit { budget.release(bytes) }
}
