import A11yModel
/// A rule's work as it goes, and whether the audit should stop in the middle of it. Rules are
/// pure functions that do not throw; a rule whose cost grows with the screen counts its steps
/// through `RuleContext.stopping(after:)` and returns early when told, and `RuleRunner` then
/// throws `.timeBudget` or `.cancelled` for the whole audit, so the findings of a rule cut
/// short are never reported. The interrupt is asked on the first step and then once per
/// `pollUnits` steps (a poll reads the clock).
///
/// One meter serves one run of the rules, on one thread (the runner's); it is a class so the
/// contexts that rules receive by value all count into it.
final class RuleMeter: @unchecked Sendable {
    static let pollUnits = 16_384

    private let interrupt: AuditInterrupt
    private var untilPoll = 0
    /// Why the rules must stop, once the interrupt said so (the first reason is kept).
    private(set) var reason: InterruptReason?

    init(_ interrupt: AuditInterrupt) { self.interrupt = interrupt }

    /// Counts `units` steps; true when the running rule must stop now.
    @inline(__always)
    func stopping(after units: Int) -> Bool {
        if reason != nil { return true }
        untilPoll -= units
        guard untilPoll < 0 else { return false }
        untilPoll = Self.pollUnits
        reason = interrupt.reason
        return reason != nil
    }

    /// Throws when a rule was told to stop: its findings (and the run's) are no answer.
    func throwIfStopped() throws(InputError) {
        if let reason { throw AuditInterrupt.error(reason) }
    }
}
