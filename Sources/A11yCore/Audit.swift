/// One audited screen: the engines' view of the tree and the rules' findings.
public struct AuditReport: Sendable {
    public var analysis: Analysis
    public var run: RuleRun
    public init(analysis: Analysis, run: RuleRun) { self.analysis = analysis; self.run = run }
}
