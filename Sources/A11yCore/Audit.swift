/// One audited screen: the engines' view of the tree and the rules' findings.
public struct AuditReport: Sendable {
    public var analysis: Analysis
    public var run: RuleRun
    public init(analysis: Analysis, run: RuleRun) { self.analysis = analysis; self.run = run }
}

/// The whole job as pure functions: bytes of a request in, reports out.
public enum Audit {
    /// Audits a single-screen request.
    public static func run(json bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default,
                           interrupt: AuditInterrupt = .never) throws(InputError) -> AuditReport {
        try run(DocumentDecoder.decode(bytes, limits: limits), interrupt: interrupt)
    }

    public static func run(_ document: Document, interrupt: AuditInterrupt = .never) throws(InputError) -> AuditReport {
        try interrupt.check()
        let analysis = Analyzer.analyze(document)
        try interrupt.check()
        return AuditReport(analysis: analysis, run: try RuleRunner.run(analysis, options: document.options))
    }
}
