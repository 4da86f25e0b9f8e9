import A11yEngines
/// Rules that report a structural problem the engines noticed (`Analysis.diagnostics`).
enum DiagnosticFindings {
    /// The engine's diagnostics of `kind`, as findings.
    static func of(_ kind: Diagnostic.Kind, in ctx: RuleContext) -> [Finding] {
        ctx.analysis.diagnostics.compactMap { d in
            guard d.kind == kind else { return nil }
            var data: [(key: String, value: DataValue)] = []
            if !d.related.isEmpty { data.append(("related", .nodes(d.related))) }
            // Only when the list was cut (`AuditBudget.maxListEntries`), so ordinary answers are unchanged.
            if d.relatedOmitted > 0 { data.append(("relatedOmitted", .number(Double(d.relatedOmitted)))) }
            return ctx.finding(node: d.node, message: d.message, data: data)
        }
    }

    /// Nodes that hold a deferral content list (Blueprint's AccessibilityDeferral container):
    /// the deferral rules' subjects.
    static let deferralContainers = RuleSelector(.nodesDeclaring(.deferral), none: "no deferral containers")

    /// Nodes on either side of a labeled pair.
    static let labeledPairs = RuleSelector(.nodesDeclaring(.labeledPair), none: "no labeled pairs")

    /// Nodes that start or extend a nested identifier path (`a11yRoot`, `nestedIdentifier`).
    static let nestedIdentifiers = RuleSelector(.nodesDeclaring(.nestedIdentifier), none: "no nested identifiers")
}
