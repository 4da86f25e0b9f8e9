import A11yModel
/// How badly a finding hurts users (axe-core's scale).
public enum Impact: String, Sendable, Comparable, CaseIterable {
    case minor, moderate, serious, critical
    private var rank: Int { switch self { case .minor: 0; case .moderate: 1; case .serious: 2; case .critical: 3 } }
    public static func < (a: Impact, b: Impact) -> Bool { a.rank < b.rank }
}

public enum Outcome: String, Sendable {
    /// The check failed.
    case violation
    /// The check could not decide; a person must look (e.g. contrast over a gradient).
    case incomplete
}

/// A measured figure attached to a finding (`data` on the wire).
public enum DataValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case strings([String])
    /// Another node the finding is about (written as its path-table entry, or its pointer in reports for people).
    case node(Int)
    /// Other nodes the finding is about (a list capped like `strings`).
    case nodes([Int])

    /// A list a finding's budget may cut (`strings`, `nodes`).
    var isList: Bool {
        switch self {
        case .strings, .nodes: true
        default: false
        }
    }
}

/// One problem on one node. Pointer, id, identifier and frame are derived from `node`
/// when the report is written.
public struct Finding: Sendable {
    public var rule: String
    public var wcag: [String]
    public var level: WCAGLevel?
    public var impact: Impact
    public var outcome: Outcome
    public var message: String
    /// Node index in the document.
    public var node: Int
    /// Frame the finding is about (element or node frame), if known.
    public var frame: Rect?
    /// Ordered key/value figures.
    public var data: [(key: String, value: DataValue)]

    public init(rule: String, wcag: [String], level: WCAGLevel?, impact: Impact, outcome: Outcome = .violation,
                message: String, node: Int, frame: Rect? = nil, data: [(key: String, value: DataValue)] = []) {
        self.rule = rule; self.wcag = wcag; self.level = level; self.impact = impact; self.outcome = outcome
        self.message = message; self.node = node; self.frame = frame; self.data = data
    }
}

/// One check: a self-describing unit with a stable id (like an axe-core rule or an ATF check).
/// Rules are pure: they read the analysis through `RuleContext` and return findings.
public struct Rule: Sendable {
    /// Stable kebab-case id used in findings, options and suppressions.
    public var id: String
    /// WCAG success criteria, e.g. `["1.4.3"]`; empty for best practices.
    public var wcag: [String]
    /// Conformance level; nil marks a best practice.
    public var level: WCAGLevel?
    /// Default impact of its findings (a finding may raise or lower it).
    public var impact: Impact
    /// One line for catalogues.
    public var description: String
    /// What to do about a finding.
    public var help: String
    /// Off-by-default rules run only when enabled explicitly.
    public var enabledByDefault: Bool
    /// Why the rule has nothing to look at on this screen, or nil when it has: axe's
    /// *inapplicable* ("no nodes the rule applies to"). A rule that cannot look is never
    /// reported as passed: the runner lists it in `RuleRun.inapplicable` with this reason and
    /// does not run `check`. Rules that leave this nil are passed when they find nothing.
    public var inapplicability: (@Sendable (RuleContext) -> String?)?
    public var check: @Sendable (RuleContext) -> [Finding]

    public init(id: String, wcag: [String], level: WCAGLevel?, impact: Impact, description: String, help: String,
                enabledByDefault: Bool = true, inapplicability: (@Sendable (RuleContext) -> String?)? = nil,
                check: @escaping @Sendable (RuleContext) -> [Finding]) {
        self.id = id; self.wcag = wcag; self.level = level; self.impact = impact
        self.description = description; self.help = help; self.enabledByDefault = enabledByDefault
        self.inapplicability = inapplicability
        self.check = check
    }

    /// Whether the rule runs by default at `level`: best practices always, criteria up to the level.
    public func isDefault(at level: WCAGLevel) -> Bool {
        guard enabledByDefault else { return false }
        guard let own = self.level else { return true }
        return own <= level
    }
}
