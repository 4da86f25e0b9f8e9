/// Rules that report a structural problem the engines noticed (`Analysis.diagnostics`).
enum DiagnosticFindings {
    static func of(_ kind: Diagnostic.Kind, in ctx: RuleContext) -> [Finding] {
        ctx.analysis.diagnostics.compactMap { d in
            guard d.kind == kind else { return nil }
            var data: [(key: String, value: DataValue)] = []
            if !d.related.isEmpty { data.append(("related", .strings(d.related.map(ctx.document.pointer(of:))))) }
            return ctx.finding(node: d.node, message: d.message, data: data)
        }
    }
}
