import A11yModel
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
    public var rulesRun: [String] { get { ran.ids } set { ran = RuleIDList(newValue) } }
    public var rulesPassed: [String] { get { passed.ids } set { passed = RuleIDList(newValue) } }
    public var rulesIncomplete: [String] { get { incomplete.ids } set { incomplete = RuleIDList(newValue) } }
    /// The same lists as registry positions: the runner fills these, and the summary
    /// writes them without building or comparing strings.
    package var ran = RuleIDList.empty, passed = RuleIDList.empty, incomplete = RuleIDList.empty
    /// Rules that ran but had nothing to look at (`Rule.selector`), in run order, each
    /// with its reason: neither passed nor failed (axe's fourth outcome).
    public var inapplicable: [InapplicableRule] = []
    /// Findings past `RuleRun.defaultMaxFindings` (or the runner's cap, or the output
    /// budget): not listed, but kept as what the gate, the counts and a baseline need of
    /// them, in reading order. A listing is cut; the verdict never is.
    public var omitted: [OmittedFinding] = []
    /// How many findings were left out of `findings`.
    public var findingsOmitted: Int { omitted.count }
    /// Suppressed findings past `AuditBudget.maxSuppressed` (or the output budget), counted but not listed.
    public var suppressedOmitted = 0
    public init() {}

    /// Which rules ran, passed and were incomplete, without the findings: what a batch keeps
    /// of a screen it has written.
    public var rulesOnly: RuleRun {
        var lists = RuleRun()
        lists.ran = ran; lists.passed = passed; lists.incomplete = incomplete; lists.inapplicable = inapplicable
        return lists
    }

    /// Caps the findings listed per screen (`AuditBudget.defaultMaxFindings`).
    public static let defaultMaxFindings = AuditBudget.defaultMaxFindings
}

/// A rule that had nothing to look at on a screen, and why (e.g. `text-contrast`: "no
/// colours and no screenshot").
public struct InapplicableRule: Sendable, Equatable {
    public var rule: String
    public var reason: String
    public init(rule: String, reason: String) { self.rule = rule; self.reason = reason }
}

/// A finding left out of a listing: its rule, node, impact and outcome, so that exit codes,
/// `byImpact` and baseline states still count it (about 32 bytes instead of a whole finding
/// with its message and data).
public struct OmittedFinding: Sendable, Equatable {
    public var rule: String
    public var node: Int
    public var impact: Impact
    public var outcome: Outcome
    public init(rule: String, node: Int, impact: Impact, outcome: Outcome) {
        self.rule = rule; self.node = node; self.impact = impact; self.outcome = outcome
    }
    public init(_ finding: Finding) { self.init(rule: finding.rule, node: finding.node, impact: finding.impact, outcome: finding.outcome) }

    /// Whether it fails a build at `threshold` (a violation at or above it).
    func fails(_ threshold: FailThreshold) -> Bool {
        guard case .impact(let minimum) = threshold else { return false }
        return outcome == .violation && impact >= minimum
    }
}

/// The lowest impact that fails a build, or none (the run never fails).
public enum FailThreshold: Equatable, Sendable {
    case impact(Impact)
    case none

    /// An impact's name (`minor|moderate|serious|critical`), or `none`.
    public init?(_ text: String) {
        if text == "none" { self = .none } else if let impact = Impact(rawValue: text) { self = .impact(impact) } else { return nil }
    }

    public static let `default` = FailThreshold.impact(.serious)
}

extension RuleRun {
    /// Whether an unsuppressed violation at or above the threshold remains, listed or
    /// omitted; `incomplete` findings never fail a build (a person has to look).
    public func fails(_ threshold: FailThreshold) -> Bool {
        guard case .impact(let minimum) = threshold else { return false }
        return findings.contains { $0.outcome == .violation && $0.impact >= minimum } || omitted.contains { $0.fails(threshold) }
    }
}
