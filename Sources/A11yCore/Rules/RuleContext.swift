/// What a rule sees: the analysis, the options, the thresholds in force, and the rule
/// itself so `finding(...)` can stamp id, criteria, level and impact.
public struct RuleContext: Sendable {
    public let rule: Rule
    public let analysis: Analysis
    public let options: AuditOptions
    public let thresholds: ResolvedThresholds
    /// Inherited colours, fonts and opacity of every node; several rules need them, so
    /// `RuleRunner` computes them once per run.
    let styles: [RenderedStyle]

    public init(rule: Rule, analysis: Analysis, options: AuditOptions) {
        self.init(rule: rule, analysis: analysis, options: options, styles: RenderedStyle.compute(analysis.document))
    }

    init(rule: Rule, analysis: Analysis, options: AuditOptions, styles: [RenderedStyle]) {
        self.rule = rule
        self.analysis = analysis
        self.options = options
        self.thresholds = ResolvedThresholds(platform: analysis.document.platform, overrides: options.thresholds)
        self.styles = styles
    }

    public var document: Document { analysis.document }
    public var elements: [AccessibilityElement] { analysis.elements }

    public func node(_ index: Int) -> Node { analysis.document.nodes[index] }

    /// A finding of this rule on `node`; the frame defaults to the node's element frame.
    public func finding(node: Int, message: String, outcome: Outcome = .violation, impact: Impact? = nil,
                        frame: Rect? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        Finding(rule: rule.id, wcag: rule.wcag, level: rule.level, impact: impact ?? rule.impact, outcome: outcome,
                message: message, node: node, frame: frame ?? analysis.frame(ofNode: node), data: data)
    }

    /// A finding about an element, placed on the node it stands for.
    public func finding(element: AccessibilityElement, message: String, outcome: Outcome = .violation,
                        impact: Impact? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        finding(node: element.node, message: message, outcome: outcome, impact: impact, frame: element.frame, data: data)
    }
}
