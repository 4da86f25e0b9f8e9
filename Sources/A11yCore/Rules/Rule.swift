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
