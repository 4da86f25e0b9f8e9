// BlueprintUIAccessibilityCore's AccessibilityDeferral, reported by the deferral engine.
extension Rule {
    /// Best practice: content without a source defers nothing (often fine while an error is not shown).
    ///
    /// Cost: O(diagnostics) (each lists at most `maxListEntries` related nodes).
    static let deferralMissingSource = Rule(
        id: "deferral-missing-source", wcag: [], level: nil, impact: .minor,
        description: "Each deferred content identifier matches a source.",
        help: "Check the identifier spelling in deferredAccessibilitySource(identifier:) and the content list.",
        check: { ctx in DiagnosticFindings.of(.deferralContentWithoutSource, in: ctx) })
}
