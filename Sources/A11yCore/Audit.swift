/// One audited screen: the engines' view of the tree and the rules' findings.
public struct AuditReport: Sendable {
    public var analysis: Analysis
    public var run: RuleRun
    /// Line and column in the user's file of the nodes with findings, for a document decoded
    /// from JSON (set by `SourceLocations.resolve` while the input's bytes are at hand).
    public var nodeLocations: [Int: FilePosition] = [:]
    public init(analysis: Analysis, run: RuleRun) { self.analysis = analysis; self.run = run }

    /// Where node `index` starts in the user's file: an XML element's start tag, or a JSON
    /// node's `{`; nil when not known (a document built in code).
    public func location(of index: Int) -> FilePosition? {
        if let xml = analysis.document.sourceMap?.location(of: index) { return FilePosition(line: xml.line, column: xml.column) }
        return nodeLocations[index]
    }
}

/// The whole job as pure functions: bytes of a request in, reports out.
public enum Audit {
    /// Audits a single-screen request. The budget defaults to one scaled to the request's
    /// bytes (`AuditBudget(requestBytes:)`).
    public static func run(json bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default,
                           budget: AuditBudget? = nil, interrupt: AuditInterrupt = .never) throws(InputError) -> AuditReport {
        try run(DocumentDecoder.decode(bytes, limits: limits), budget: budget ?? AuditBudget(requestBytes: bytes.count),
                interrupt: interrupt)
    }

    public static func run(_ document: Document, budget: AuditBudget = .default,
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
