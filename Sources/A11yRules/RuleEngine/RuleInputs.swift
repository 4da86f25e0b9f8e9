import A11yEngines
import A11yModel
/// What `RuleContext` answers from, worked out once per run: several rules ask for the same
/// rendered styles and element facts.
final class RuleInputs: Sendable {
    /// The registry the run's contexts point into.
    let rules: [Rule]
    let analysis: Analysis
    let options: AuditOptions
    let thresholds: ResolvedThresholds
    let styles: NodeScan
    let facts: [ElementFacts]
    /// Elements the user operates, in reading order.
    let controls: [Int]

    /// `selectedKinds`: `kindsSelected(by: rules)`, when the registry's table has it already.
    init(analysis: Analysis, options: AuditOptions, rules: [Rule], selectedKinds: [NodeKind]? = nil) {
        self.rules = rules
        thresholds = ResolvedThresholds(platform: analysis.document.platform, overrides: options.thresholds)
        styles = NodeScan(analysis.document, kinds: selectedKinds ?? Self.kindsSelected(by: rules))
        let facts = ElementFacts.of(analysis)
        controls = facts.indices.filter { facts[$0].isInteractive }
        self.facts = facts
        self.analysis = analysis
        self.options = options
    }

    /// The node kinds `rules` select nodes by (`RuleSelector.Items.nodesOfKind`), each once.
    static func kindsSelected(by rules: [Rule]) -> [NodeKind] {
        var kinds: [NodeKind] = []
        for rule in rules {
            if case .nodesOfKind(let kind) = rule.selector.items, !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }
}
