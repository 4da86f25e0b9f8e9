/// Why an audit stopped before it finished: the caller's time budget ran out, or nobody
/// is waiting for the answer any more (the client hung up, the server is shutting down).
public enum InterruptReason: Sendable, Equatable {
    case timeBudget
    case cancelled
}

/// Asked between units of work (engine phases, rules, chunks of nodes) whether the audit
/// should stop. The core never reads a clock or a socket itself: the caller decides, here.
/// Stages whose work grows with the input ask it through an `InterruptPoll`.
/// An interrupted audit throws `InputError` of kind `.timeBudget` or `.cancelled`.
public struct AuditInterrupt: Sendable {
    private let poll: (@Sendable () -> InterruptReason?)?
    /// Items a report writer writes between two questions to the interrupt: 1,024 by default
    /// (`defaultRenderStride`); a caller that must stop within a small slice of time (an event
    /// loop) asks more often.
    public let renderStride: Int
    public static let defaultRenderStride = 1024

    public init(renderStride: Int = defaultRenderStride, _ poll: @escaping @Sendable () -> InterruptReason?) {
        self.poll = poll
        self.renderStride = max(1, renderStride)
    }
    private init() { poll = nil; renderStride = Self.defaultRenderStride }

    /// Never stops: the CLI and tests.
    public static let never = AuditInterrupt()

    /// Why the caller wants the audit to stop now, if it does.
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

/// A long stage's "keep going?": the stage counts its work here as it goes (a rule's steps, a
/// node imported, an item of the answer written) and stops when told to, because the caller
/// (`AuditInterrupt`) no longer wants the audit: its time budget ran out or nobody waits for
/// the answer. The stage that runs the work (`RuleRunner`, an importer, `AuditRun.render`)
/// makes one poll for it, chooses how many units lie between two questions to the interrupt
/// (`every`), and turns a stop into the audit's `.timeBudget` or `.cancelled` error.
///
/// Work that throws anyway asks `step(_:)`, which throws when the stage must stop. Work that
/// does not throw (a rule, a report writer) asks `stopping(after:)` and returns what it has;
/// the stage then calls `throwIfStopped()`, so the work's partial result is never the answer.
/// The first reason to stop is kept: later questions answer the same.
///
/// One poll serves one stage on one thread; it is a class so that every value holding it (the
/// contexts handed to rules) counts into the same poll.
package final class InterruptPoll: @unchecked Sendable {
    package let interrupt: AuditInterrupt
    /// Units of work between two questions to the interrupt.
    package let every: Int
    // One stage on one thread uses a poll, and no access to these spans a call that could
    // reach them: no run-time exclusivity check (docs/performance.md, the transport round).
    /// Units left before the next question to the interrupt.
    @exclusivity(unchecked) @usableFromInline var untilPoll = 0
    /// Why the stage must stop, once the interrupt said so.
    @exclusivity(unchecked) package private(set) var reason: InterruptReason?

    /// A poll asking `interrupt` on the first unit of work, then once per `every` units.
    package init(_ interrupt: AuditInterrupt, every: Int) {
        self.interrupt = interrupt
        self.every = max(1, every)
    }

    /// Counts `units` of work; true when the stage must stop now.
    @inlinable
    package func stopping(after units: Int = 1) -> Bool {
        if reason != nil { return true }
        untilPoll -= units
        guard untilPoll < 0 else { return false }
        return stoppingNow()
    }

    /// Whether the stage must stop, asking the interrupt now (between phases, screens, rules).
    package func stoppingNow() -> Bool {
        if reason != nil { return true }
        untilPoll = every - 1
        reason = interrupt.reason
        return reason != nil
    }

    /// Counts `units` of work; throws when the stage must stop now.
    @inlinable
    package func step(_ units: Int = 1) throws(InputError) {
        if stopping(after: units) { try throwIfStopped() }
    }

    /// Asks the interrupt now; throws when the stage must stop.
    package func checkNow() throws(InputError) {
        if stoppingNow() { try throwIfStopped() }
    }

    /// Throws when the stage was told to stop: what it made so far is no answer.
    package func throwIfStopped() throws(InputError) {
        if let reason { throw AuditInterrupt.error(reason) }
    }
}
