// BlueprintUIAccessibilityCore's AccessibilityDeferral, reported by the deferral engine.
extension Rule {
    /// 1.3.1: with two receivers nothing is deferred, so the field is read without its
    /// helper or error text.
    ///
    /// Cost: O(diagnostics) (each lists at most `maxListEntries` related nodes).
    static let deferralSeveralReceivers = Rule(
        id: "deferral-several-receivers", wcag: ["1.3.1"], level: .A, impact: .serious,
        description: "A deferral container has exactly one receiver.",
        help: "Keep one AccessibilityDeferral.Receiver inside the container (nest containers for several fields).",
        check: { ctx in DiagnosticFindings.of(.deferralSeveralReceivers, in: ctx) })
}
