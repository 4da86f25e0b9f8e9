extension Rule {
    /// 1.3.1 (SwiftUI Accessible Grouping): half a labeled pair ties nothing together; the control is read
    /// without its visible label.
    ///
    /// Cost: O(diagnostics) (each lists at most `maxListEntries` related nodes).
    static let labeledPairIncomplete = Rule(
        id: "labeled-pair-incomplete", wcag: ["1.3.1"], level: .A, impact: .moderate,
        description: "Every labeled pair has both a label and a content side.",
        help: "Add the missing accessibilityLabeledPair(role:id:in:) with the same id and namespace.",
        check: { ctx in DiagnosticFindings.of(.labeledPairMissingCounterpart, in: ctx) })
}
