// BlueprintUIAccessibilityCore's AccessibilityDeferral, reported by the deferral engine.
extension Rule {
    /// 1.3.1: an identifier matching two sources is no match; both stay separate.
    ///
    /// Cost: O(diagnostics) (each lists at most `maxListEntries` related nodes).
    static let deferralAmbiguousSource = Rule(
        id: "deferral-ambiguous-source", wcag: ["1.3.1"], level: .A, impact: .moderate,
        description: "A deferred content identifier matches exactly one source.",
        help: "Give each source its own identifier.",
        check: { ctx in DiagnosticFindings.of(.deferralContentWithSeveralSources, in: ctx) })
}
