import Synchronization

/// Whether anybody still waits for a request's answer. The event loop sets it when the
/// client hangs up (or the connection fails) while a worker runs the handler, and when the
/// shutdown drain deadline passes; a long handler polls it and stops early. Shared between
/// the loop and the worker: one atomic byte.
public final class Cancellation: Sendable {
    public enum Reason: UInt8, Sendable {
        /// The client closed or reset the connection: nobody will read the answer.
        case clientGone = 1
        /// The server is shutting down and the drain time is over.
        case shuttingDown = 2
    }

    private let state = Atomic<UInt8>(0)
    /// A worker took the request; until then the loop may answer it itself.
    private let running = Atomic<Bool>(false)

    public init() {}

    /// Handlers that run on an event loop are never cancelled mid-run: they share this one.
    public static let never = Cancellation()

    /// Nil while the answer is still wanted.
    public var reason: Reason? {
        let value = state.load(ordering: .acquiring)
        return value == 0 ? nil : Reason(rawValue: value)
    }

    public var isCancelled: Bool { state.load(ordering: .relaxed) != 0 }

    /// True when this call set it (the first reason wins).
    @discardableResult
    func cancel(_ reason: Reason) -> Bool {
        state.compareExchange(expected: 0, desired: reason.rawValue, ordering: .sequentiallyConsistent).exchanged
    }

    /// Called by the worker before the handler: false when the request was cancelled first
    /// (the handler must not run). Paired with `hasStarted` after `cancel` on the loop, so
    /// exactly one of them answers a request cancelled around the time it is picked up.
    func begin() -> Bool {
        running.store(true, ordering: .sequentiallyConsistent)
        return state.load(ordering: .sequentiallyConsistent) == 0
    }

    var hasStarted: Bool { running.load(ordering: .sequentiallyConsistent) }
}
