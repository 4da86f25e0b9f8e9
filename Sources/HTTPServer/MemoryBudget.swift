import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Bytes that offloaded handlers and the answers waiting to be written may hold at once
/// (`ServerConfiguration.maxOffloadMemory`).
/// - Before a worker runs a handler it reserves an estimate of what the request will cost
///   (`offloadMemoryPerBodyByte` × body bytes, at most the whole budget, so any one request
///   can run alone) and waits while the budget cannot cover it. When the handler returns,
///   the reservation becomes its answer's size (`resize`): the audit's working memory is
///   gone, the answer's bytes stay until written.
/// - An answer built on an event loop larger than `ServerConfiguration.unreservedAnswerBytes`
///   reserves its bytes at once (`tryReserve`, never waiting: a loop must not block).
/// - An answer whose bytes cannot be reserved is not sent: the client gets a short 503 with
///   Retry-After instead, and the connection closes.
/// The connection holds the reservation until its response is written or the connection
/// closes, so responses that clients read slowly (or never) stay counted: they cannot add up
/// past the budget.
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

    /// Reserves `bytes` if they are free now; nil (nothing reserved) when they are not or
    /// pass the capacity. Never waits.
    func tryReserve(_ bytes: Int) -> MemoryReservation? {
        let bytes = max(bytes, 0)
        let taken = available.withLock { available -> Bool in
            guard available >= bytes else { return false }
            available -= bytes
            return true
        }
        return taken ? MemoryReservation(budget: self, bytes: bytes) : nil
    }

    /// Moves `held` bytes of a reservation to `wanted`: gives back the excess, or takes the
    /// difference when it is free. False (nothing changed) when it is not.
    fileprivate func move(from held: Int, to wanted: Int) -> Bool {
        available.withLock { available -> Bool in
            guard available + held >= wanted else { return false }
            available += held - wanted
            return true
        }
    }

    fileprivate func release(_ bytes: Int) {
        available.withLock { $0 += bytes }
    }
}

/// Bytes reserved from a `MemoryBudget`, given back when the last holder drops it.
final class MemoryReservation: Sendable {
    private let budget: MemoryBudget
    private let held: Mutex<Int>

    fileprivate init(budget: MemoryBudget, bytes: Int) {
        self.budget = budget
        held = Mutex(bytes)
    }

    var bytes: Int { held.withLock { $0 } }

    /// Holds exactly `bytes` from now on (an audit's estimate becoming its answer's size);
    /// false, holding what it held, when the budget cannot cover a larger amount.
    func resize(to bytes: Int) -> Bool {
        held.withLock { held -> Bool in
            guard budget.move(from: held, to: bytes) else { return false }
            held = bytes
            return true
        }
    }

    deinit { budget.release(held.withLock { $0 }) }
}
