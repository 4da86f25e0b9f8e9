/// One audited screen: the engines' view of the tree and the rules' findings.
public struct AuditReport: Sendable {
    public var analysis: Analysis
    public var run: RuleRun
    public init(analysis: Analysis, run: RuleRun) { self.analysis = analysis; self.run = run }
}

/// The whole job as pure functions: bytes of a request in, reports out.
public enum Audit {
    /// Audits a single-screen request.
    public static func run(json bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default) throws(InputError) -> AuditReport {
        try run(DocumentDecoder.decode(bytes, limits: limits))
    }

    /// Audits every screen of a single or batch request, in order. `adjust` lets a caller
    /// (the CLI's flags) change each screen's options before the rules run.
    public static func runRequest(json bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default,
                                  adjust: (inout AuditOptions) -> Void = { _ in })
        throws(InputError) -> [(name: String, report: AuditReport)] {
        let request = try DocumentDecoder.decodeRequest(bytes, limits: limits)
        var out: [(name: String, report: AuditReport)] = []
        for var screen in request.screens {
            adjust(&screen.document.options)
            out.append((screen.name, try run(screen.document)))
        }
        return out
    }

    public static func run(_ document: Document) throws(InputError) -> AuditReport {
        let analysis = Analyzer.analyze(document)
        return AuditReport(analysis: analysis, run: try RuleRunner.run(analysis, options: document.options))
    }
}
