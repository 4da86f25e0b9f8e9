/// Selects rules for the options, runs them, applies suppressions and orders findings.
public enum RuleRunner {
    public static func run(_ analysis: Analysis, options: AuditOptions,
                           rules registry: [Rule] = RuleRegistry.all,
                           maxFindings: Int = RuleRun.defaultMaxFindings) throws(InputError) -> RuleRun {
        let selected = try select(options, from: registry)
        var run = RuleRun()
        var all: [Finding] = []
        let styles = RenderedStyle.compute(analysis.document)
        for rule in selected {
            run.rulesRun.append(rule.id)
            all += rule.check(RuleContext(rule: rule, analysis: analysis, options: options, styles: styles))
        }
        for finding in order(all, in: analysis) {
            if let suppression = options.suppressions.first(where: { matches($0, finding, analysis) }) {
                run.suppressed.append(SuppressedFinding(finding: finding, suppression: suppression))
            } else {
                run.findings.append(finding)
            }
        }
        // Suppressed findings do not count against a rule: it passes once they are accepted.
        var violated = Set<String>(), undecided = Set<String>()
        for f in run.findings {
            if f.outcome == .violation { violated.insert(f.rule) } else { undecided.insert(f.rule) }
        }
        run.rulesPassed = run.rulesRun.filter { !violated.contains($0) && !undecided.contains($0) }
        run.rulesIncomplete = run.rulesRun.filter { !violated.contains($0) && undecided.contains($0) }
        // Rule verdicts above use every finding; only the listing is cut, in reading order.
        if run.findings.count > maxFindings {
            run.findingsOmitted = run.findings.count - maxFindings
            run.findings.removeLast(run.findingsOmitted)
        }
        return run
    }

    /// Defaults for the level (or `only`), plus `enable`, minus `disable`; registry order.
    /// An explicitly named rule runs whatever its level.
    public static func select(_ options: AuditOptions, from registry: [Rule] = RuleRegistry.all) throws(InputError) -> [Rule] {
        let known = Set(registry.map(\.id))
        for list in [options.only ?? [], options.enable, options.disable] {
            for id in list where !known.contains(id.value) {
                throw unknownRule(id.value, at: id.pointer)
            }
        }
        for s in options.suppressions {
            if let rule = s.rule, !known.contains(rule) { throw unknownRule(rule, at: s.pointer + "/rule") }
        }
        var chosen = options.only.map { Set($0.map(\.value)) }
            ?? Set(registry.filter { $0.isDefault(at: options.level) }.map(\.id))
        chosen.formUnion(options.enable.map(\.value))
        chosen.subtract(options.disable.map(\.value))
        return registry.filter { chosen.contains($0.id) }
    }

    private static func unknownRule(_ id: String, at pointer: String) -> InputError {
        InputError(.unknownRule, "Unknown rule id \"\(id)\"; `a11y-audit rules` lists them.", at: pointer)
    }

    /// Reading order: the position of the finding's element; nodes outside every element
    /// after all elements, in document order; then rule id. Stable for the rest.
    static func order(_ findings: [Finding], in analysis: Analysis) -> [Finding] {
        let elementCount = analysis.elements.count
        func key(_ f: Finding) -> (Int, Int) {
            if let e = analysis.element(ofNode: f.node) { return (e, 0) }
            return (elementCount, f.node)
        }
        return findings.enumerated().sorted { a, b in
            let ka = key(a.element), kb = key(b.element)
            if ka != kb { return ka < kb }
            if a.element.rule != b.element.rule { return a.element.rule < b.element.rule }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Every field the suppression gives must match; a suppression that gives none matches nothing.
    static func matches(_ s: Suppression, _ f: Finding, _ analysis: Analysis) -> Bool {
        guard s.rule != nil || s.id != nil || s.identifier != nil || s.node != nil else { return false }
        if let rule = s.rule, rule != f.rule { return false }
        if let id = s.id, id != analysis.document.nodes[f.node].id { return false }
        if let identifier = s.identifier, identifier != analysis.identifier(ofNode: f.node) { return false }
        if let node = s.node, node != analysis.document.pointer(of: f.node) { return false }
        return true
    }
}
