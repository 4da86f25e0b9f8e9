import A11yEngines
import A11yModel
import A11yReports
import A11yRules
/// The whole job as pure functions: bytes of a request in, reports out. Front ends call
/// `Audit.run(_:_:limits:interrupt:)`; the stages below are for tests and benchmarks.
public enum Audit {
    /// Audits a single-screen request in our JSON tree format. The budget defaults to one scaled to the request's
    /// bytes (`AuditBudget(requestBytes:)`).
    package static func run(json bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default,
                           budget: AuditBudget? = nil, interrupt: AuditInterrupt = .never) throws(InputError) -> AuditReport {
        try run(DocumentDecoder.decode(bytes, limits: limits), budget: budget ?? AuditBudget(requestBytes: bytes.count),
                interrupt: interrupt)
    }

    package static func run(_ document: Document, budget: AuditBudget = .default,
                           interrupt: AuditInterrupt = .never) throws(InputError) -> AuditReport {
        var meter = OutputMeter(budget, for: document)
        return try run(document, budget: budget, meter: &meter, interrupt: interrupt)
    }

    /// One screen, charging `meter`: the screens of a batch share one.
    static func run(_ document: Document, budget: AuditBudget, meter: inout OutputMeter,
                    interrupt: AuditInterrupt) throws(InputError) -> AuditReport {
        try interrupt.check()
        let analysis = try Analyzer.analyze(document, budget: budget, meter: &meter, interrupt: interrupt)
        try interrupt.check()
        return AuditReport(analysis: analysis, run: try RuleRunner.run(analysis, options: document.options, table: RuleTable.registry,
                                                                       budget: budget, meter: &meter, interrupt: interrupt))
    }
}
