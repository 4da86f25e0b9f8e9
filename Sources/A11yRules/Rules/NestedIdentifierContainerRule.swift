extension Rule {
    /// Best practice (the NestedA11yIDs package spec): a node that composes nested identifiers must be a
    /// `contain` container, or its children merge and their identifiers are lost.
    ///
    /// Cost: O(diagnostics) (each lists at most `maxListEntries` related nodes).
    static let nestedIdentifierContainer = Rule(
        id: "nested-identifier-container", wcag: [], level: nil, impact: .minor,
        description: "A container of nested identifiers keeps its children separate (grouping contain).",
        help: "Mark the container accessibilityElement(children: .contain).",
        check: { ctx in DiagnosticFindings.of(.nestedIdentifierContainerNotContain, in: ctx) })
}
