/// Why an audit stopped before it finished: the caller's time budget ran out, or nobody
/// is waiting for the answer any more (the client hung up, the server is shutting down).
public enum InterruptReason: Sendable, Equatable {
    case timeBudget
    case cancelled
}

/// Asked between units of work (engine phases, rules, chunks of nodes) whether the audit
/// should stop. The core never reads a clock or a socket itself: the caller decides, here.
/// An interrupted audit throws `InputError` of kind `.timeBudget` or `.cancelled`.
public struct AuditInterrupt: Sendable {
    private let poll: (@Sendable () -> InterruptReason?)?
    /// Items a renderer writes between two polls (`RenderCheck`): 1,024 by default; a caller
    /// that must stop within a small slice of time (an event loop) asks more often.
    public let renderStride: Int

    public init(renderStride: Int = 1024, _ poll: @escaping @Sendable () -> InterruptReason?) {
        self.poll = poll
        self.renderStride = max(1, renderStride)
    }
    private init() { poll = nil; renderStride = RenderCheck.stride }

    /// Never stops: the CLI and tests.
    public static let never = AuditInterrupt()

    /// Why the caller wants the audit to stop now, if it does; for writers that cannot throw
    /// and break out instead (a renderer), leaving the throw to their caller.
    @inline(__always)
    public var reason: InterruptReason? { poll?() }

    /// Throws when the caller asks the audit to stop.
    @inline(__always)
    public func check() throws(InputError) {
        guard let reason else { return }
        throw Self.error(reason)
    }

    /// The error an audit stopped for `reason` throws.
    public static func error(_ reason: InterruptReason) -> InputError {
        switch reason {
        case .timeBudget: InputError(.timeBudget, "the audit exceeded its time budget", at: "")
        case .cancelled: InputError(.cancelled, "the audit was cancelled", at: "")
        }
    }
}

/// The interrupt as a renderer asks it while writing the answer. Writing is the last unit of
/// an audit and its cost grows with the tree (an 8 MiB tree of buttons takes longer to write
/// than to audit), so it stops too when nobody waits any more. The renderers do not throw:
/// they count the items they write (elements, identifiers, findings) and ask the interrupt
/// once per `stride` of them and between screens, then stop writing when told; the first
/// reason is kept, so the partial answer is thrown away by `throwIfStopped()` even when the
/// poll would answer differently later.
package final class RenderCheck {
    /// Items written between two polls: a poll reads the clock, so asking for each of a
    /// screen's 60,000 stops would cost more than writing them; a 50-node answer asks once.
    /// An interrupt may ask for a smaller stride (`AuditInterrupt.renderStride`).
    static let stride = 1024

    private let interrupt: AuditInterrupt
    private var untilPoll = 0
    private(set) var reason: InterruptReason?

    package init(_ interrupt: AuditInterrupt) { self.interrupt = interrupt }

    /// Whether writing should stop, counting one more item written; the interrupt is asked
    /// on the first item and then every `stride` items.
    @inline(__always)
    package func item() -> Bool {
        if reason != nil { return true }
        untilPoll -= 1
        guard untilPoll < 0 else { return false }
        return now()
    }

    /// Whether writing should stop, asking the interrupt now (between screens and sections).
    package func now() -> Bool {
        if reason != nil { return true }
        untilPoll = interrupt.renderStride - 1
        reason = interrupt.reason
        return reason != nil
    }

    /// Throws when writing was stopped: the bytes written so far are no answer.
    package func throwIfStopped() throws(InputError) {
        if let reason { throw AuditInterrupt.error(reason) }
    }
}
