// BlueprintUIAccessibilityCore's AccessibilityDeferral, reported by the deferral engine.
extension Rule {
    /// 3.3.1 Error Identification: an error that never reaches its field is not announced with it.
    ///
    /// Cost: O(diagnostics) (each lists at most `maxListEntries` related nodes).
    static let deferralErrorUnreceived = Rule(
        id: "deferral-error-unreceived", wcag: ["3.3.1"], level: .A, impact: .serious,
        description: "An error source is deferred to a receiver (its field).",
        help: "Make the field an AccessibilityDeferral.Receiver inside the same deferral container.",
        check: { ctx in DiagnosticFindings.of(.deferralErrorWithoutReceiver, in: ctx) })
}
