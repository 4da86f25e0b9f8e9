/// What a rule sees: the analysis, the options, the thresholds in force, and the rule
/// itself so `finding(...)` can stamp id, criteria, level and impact.
public struct RuleContext: Sendable {
    /// The rule as a position in `inputs.rules`: no copy of every field of the rule.
    var position: Int
    /// Shared by every rule of a run (one reference to copy per rule, not every array).
    let inputs: RuleInputs

    public var rule: Rule { inputs.rules[position] }

    public init(rule: Rule, analysis: Analysis, options: AuditOptions) {
        self.init(at: 0, inputs: RuleInputs(analysis: analysis, options: options, rules: [rule]))
    }

    init(at position: Int, inputs: RuleInputs) {
        self.position = position
        self.inputs = inputs
    }

    // The accessors lend the run's values in place (`_read`): a plain getter returned a
    // copy, retaining every reference of an Analysis, Document or NodeScan per use.
    public var analysis: Analysis { _read { yield inputs.analysis } }
    public var options: AuditOptions { _read { yield inputs.options } }
    public var thresholds: ResolvedThresholds { _read { yield inputs.thresholds } }
    /// Per-node columns and index lists of the run (`NodeScan`): rules about some nodes
    /// visit only those, and walks over every node read a byte or four a node, not the node.
    var scan: NodeScan { _read { yield inputs.scan } }

    public var document: Document { _read { yield inputs.analysis.document } }
    public var elements: [AccessibilityElement] { _read { yield inputs.analysis.elements } }
    /// Per-element facts, in element order (`facts[i]` describes `elements[i]`).
    var facts: [ElementFacts] { _read { yield inputs.facts } }
    /// The document's nodes; rules read fields in place (`nodes[i].kind`), as copying a
    /// whole node per visit costs more than most checks.
    var nodes: [Node] { _read { yield inputs.analysis.document.nodes } }

    public func node(_ index: Int) -> Node { inputs.analysis.document.nodes[index] }

    /// A finding of this rule on `node`; the frame defaults to the node's element frame.
    public func finding(node: Int, message: String, outcome: Outcome = .violation, impact: Impact? = nil,
                        frame: Rect? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        let rules = inputs.rules
        return Finding(rule: rules[position].id, wcag: rules[position].wcag, level: rules[position].level,
                impact: impact ?? rules[position].impact, outcome: outcome,
                message: message, node: node, frame: frame ?? inputs.analysis.frame(ofNode: node), data: data)
    }

    /// A finding about an element, placed on the node it stands for.
    public func finding(element: AccessibilityElement, message: String, outcome: Outcome = .violation,
                        impact: Impact? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        finding(node: element.node, message: message, outcome: outcome, impact: impact, frame: element.frame, data: data)
    }

    /// A finding about `elements[index]`, placed on the node it stands for.
    func finding(elementAt index: Int, message: String, outcome: Outcome = .violation,
                 impact: Impact? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        finding(node: facts[index].node, message: message, outcome: outcome, impact: impact,
                frame: elements[index].frame, data: data)
    }
}

/// Everything the rules of one run read, computed once: several rules need the same
/// per-node styles, per-element facts and thresholds.
final class RuleInputs: Sendable {
    /// The registry the run's contexts point into (held here: one reference per context, not two).
    let rules: [Rule]
    let analysis: Analysis
    let options: AuditOptions
    let thresholds: ResolvedThresholds
    /// Per-node columns and index lists, from one pass over the nodes.
    let scan: NodeScan
    let facts: [ElementFacts]

    init(analysis: Analysis, options: AuditOptions, rules: [Rule]) {
        self.rules = rules
        thresholds = ResolvedThresholds(platform: analysis.document.platform, overrides: options.thresholds)
        scan = NodeScan(analysis.document)
        facts = ElementFacts.of(analysis)
        // Stored last, at their last use: storing them first cost a second copy of each
        // (retaining every reference it holds again).
        self.analysis = analysis
        self.options = options
    }
}
