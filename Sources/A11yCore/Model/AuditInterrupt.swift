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

    public init(_ poll: @escaping @Sendable () -> InterruptReason?) { self.poll = poll }
    private init() { poll = nil }

    /// Never stops: the CLI and tests.
    public static let never = AuditInterrupt()

    /// Throws when the caller asks the audit to stop.
    @inline(__always)
    public func check() throws(InputError) {
        guard let poll, let reason = poll() else { return }
        switch reason {
        case .timeBudget: throw InputError(.timeBudget, "the audit exceeded its time budget", at: "")
        case .cancelled: throw InputError(.cancelled, "the audit was cancelled", at: "")
        }
    }
}
