import A11yEngines
import A11yModel
import A11yReports
import A11yRules
/// The whole job as pure functions: bytes of a request in, reports out. Everyone (front ends,
/// tests, fuzzers) calls `Audit.run(_:_:limits:interrupt:)`; the benchmarks time its stages
/// (`DocumentDecoder`, `Analyzer`, `RuleRunner`, the writers) by calling them.
public enum Audit {
    /// One imported screen with a budget of its own.
    static func run(_ document: Document, budget: AuditBudget,
                    interrupt: AuditInterrupt) throws(InputError) -> AuditReport {
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
