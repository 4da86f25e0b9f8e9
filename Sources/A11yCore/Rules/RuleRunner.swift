/// Selects rules for the options, runs them, applies suppressions and orders findings.
public enum RuleRunner {
    public static func run(_ analysis: Analysis, options: AuditOptions,
                           rules registry: [Rule] = RuleRegistry.all,
                           maxFindings: Int = RuleRun.defaultMaxFindings) throws(InputError) -> RuleRun {
        let selected = try select(options, from: registry)
        var run = RuleRun()
        var all: [Finding] = []
        let inputs = RuleInputs(analysis: analysis, options: options)
        for rule in selected {
            run.rulesRun.append(rule.id)
            all += rule.check(RuleContext(rule: rule, inputs: inputs))
        }
        let suppressionOf: [Suppression?] = options.suppressions.isEmpty ? [] : all.map { finding in
            options.suppressions.first { matches($0, finding, analysis) }
        }
        // Suppressed findings do not count against a rule: it passes once they are accepted.
        // Rules emit their findings together, so a set insert is needed only when the id changes.
        var violated = Set<String>(), undecided = Set<String>()
        var lastViolated: String?, lastUndecided: String?
        for (index, f) in all.enumerated() where suppressionOf.isEmpty || suppressionOf[index] == nil {
            if f.outcome == .violation {
                if f.rule != lastViolated { violated.insert(f.rule); lastViolated = f.rule }
            } else if f.rule != lastUndecided {
                undecided.insert(f.rule); lastUndecided = f.rule
            }
        }
        run.findings.reserveCapacity(all.count)
        for index in order(all, in: analysis) {
            if !suppressionOf.isEmpty, let suppression = suppressionOf[index] {
                run.suppressed.append(SuppressedFinding(finding: all[index], suppression: suppression))
            } else {
                run.findings.append(all[index])
            }
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
        // Ids are named rarely and by the handful: a scan of the registry beats hashing all of it.
        func isKnown(_ id: String) -> Bool { registry.contains { $0.id == id } }
        for list in [options.only ?? [], options.enable, options.disable] {
            for id in list where !isKnown(id.value) {
                throw unknownRule(id.value, at: id.pointer)
            }
        }
        for s in options.suppressions {
            if let rule = s.rule, !isKnown(rule) { throw unknownRule(rule, at: s.pointer + "/rule") }
        }
        guard options.only != nil || !options.enable.isEmpty || !options.disable.isEmpty else {
            return registry.filter { $0.isDefault(at: options.level) }
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
    /// Returns indices into `findings`.
    static func order(_ findings: [Finding], in analysis: Analysis) -> [Int] {
        let elementCount = analysis.elements.count
        // One number per finding: the element's position, or past every element by node.
        let place = findings.map { f in analysis.element(ofNode: f.node) ?? (elementCount + f.node) }
        return findings.indices.sorted { a, b in
            if place[a] != place[b] { return place[a] < place[b] }
            if findings[a].rule != findings[b].rule { return findings[a].rule < findings[b].rule }
            return a < b
        }
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
