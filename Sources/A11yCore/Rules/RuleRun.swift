/// A finding that matched a suppression: counted and listed, never silently dropped.
public struct SuppressedFinding: Sendable {
    public var finding: Finding
    public var suppression: Suppression
    public init(finding: Finding, suppression: Suppression) { self.finding = finding; self.suppression = suppression }
}

/// The outcome of running the selected rules over one analysis.
public struct RuleRun: Sendable {
    /// Unsuppressed findings, ordered by reading order, then rule id.
    public var findings: [Finding] = []
    public var suppressed: [SuppressedFinding] = []
    /// Ids of rules that ran / had no finding / had only `incomplete` findings.
    public var rulesRun: [String] = []
    public var rulesPassed: [String] = []
    public var rulesIncomplete: [String] = []
    public init() {}
}
