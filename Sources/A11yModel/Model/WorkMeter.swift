/// The work one stage of an audit may still do, counted in the stage's own units (an edge of
/// an outline tested, a node laid out), with the caller's `AuditInterrupt` asked as the work
/// goes: a stage whose cost grows with its input (an importer, a rule, a backdrop walk) is
/// wrapped in a meter instead of asking the clock itself, so it stops mid-way when the
/// client leaves or the time budget runs out, and never spends more than its allowance.
///
/// - `spend(_:)` counts units and asks the interrupt once `pollUnits` of them were spent
///   since it last asked (a poll reads the clock: asking per unit would cost more than the
///   unit); it throws `.timeBudget` or `.cancelled` as an interrupted audit does.
/// - The allowance is a bound on the stage's work whatever the input: once spent, `spend`
///   answers false and the stage falls back to its documented cheaper answer (a Figma shape
///   is judged by its box, as without geometry). `.max` for stages that are linear anyway.
public struct WorkMeter {
    /// Units between two polls of the interrupt.
    public static let pollUnits = 65_536

    public let interrupt: AuditInterrupt
    /// Units the stage may still spend.
    public private(set) var remaining: Int
    private var untilPoll = 0

    public init(_ interrupt: AuditInterrupt, allowance: Int = .max) {
        self.interrupt = interrupt
        remaining = allowance
    }

    /// Counts `units` of work; false (nothing counted) when the allowance cannot cover them.
    /// Throws when the caller asks the audit to stop (asked on the first call, then every
    /// `pollUnits` units).
    @inline(__always)
    public mutating func spend(_ units: Int = 1) throws(InputError) -> Bool {
        untilPoll -= units
        if untilPoll < 0 {
            untilPoll = Self.pollUnits
            try interrupt.check()
        }
        guard remaining >= units else { return false }
        remaining -= units
        return true
    }

    /// Counts `units` of work the stage does whatever the allowance (its linear part).
    @inline(__always)
    public mutating func step(_ units: Int = 1) throws(InputError) {
        untilPoll -= units
        if untilPoll < 0 {
            untilPoll = Self.pollUnits
            try interrupt.check()
        }
    }
}
