/// Selects rules for the options, runs them, applies suppressions and orders findings.
public enum RuleRunner {
    public static func run(_ analysis: Analysis, options: AuditOptions,
                           rules registry: [Rule] = RuleRegistry.all,
                           maxFindings: Int = RuleRun.defaultMaxFindings) throws(InputError) -> RuleRun {
        let selected = try selection(options, from: registry)
        var run = RuleRun()
        let inputs = RuleInputs(analysis: analysis, options: options)
        // Findings stay in one array per rule (no concatenated copy) until ordered.
        let findings = selected.map { registry[$0].check(RuleContext(rules: registry, at: $0, inputs: inputs)) }
        let suppressionOf: [[Suppression?]] = options.suppressions.isEmpty ? [] : findings.map { list in
            list.map { finding in options.suppressions.first { matches($0, finding, analysis) } }
        }
        func isSuppressed(_ rule: Int, _ index: Int) -> Bool { !suppressionOf.isEmpty && suppressionOf[rule][index] != nil }
        for (slot, r) in selected.enumerated() {
            let id = registry[r].id
            run.rulesRun.append(id)
            // Suppressed findings do not count against a rule: it passes once they are accepted.
            var violated = false, undecided = false
            for (index, f) in findings[slot].enumerated() where !isSuppressed(slot, index) {
                if f.outcome == .violation { violated = true } else { undecided = true }
            }
            if violated { continue }
            if undecided { run.rulesIncomplete.append(id) } else { run.rulesPassed.append(id) }
        }
        let ordered = order(findings, ids: selected.map { registry[$0].id }, in: analysis)
        run.findings.reserveCapacity(ordered.count)
        for (slot, index) in ordered {
            if !suppressionOf.isEmpty, let suppression = suppressionOf[slot][index] {
                run.suppressed.append(SuppressedFinding(finding: findings[slot][index], suppression: suppression))
            } else {
                run.findings.append(findings[slot][index])
            }
        }
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
        try selection(options, from: registry).map { registry[$0] }
    }

    /// `select` as registry positions: the runner needs no copies of the rules.
    static func selection(_ options: AuditOptions, from registry: [Rule]) throws(InputError) -> [Int] {
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
            return registry.indices.filter { registry[$0].isDefault(at: options.level) }
        }
        var chosen = options.only.map { Set($0.map(\.value)) }
            ?? Set(registry.filter { $0.isDefault(at: options.level) }.map(\.id))
        chosen.formUnion(options.enable.map(\.value))
        chosen.subtract(options.disable.map(\.value))
        return registry.indices.filter { chosen.contains(registry[$0].id) }
    }

    private static func unknownRule(_ id: String, at pointer: String) -> InputError {
        InputError(.unknownRule, "Unknown rule id \"\(id)\"; `a11y-audit rules` lists them.", at: pointer)
    }

    /// Reading order: the position of the finding's element; nodes outside every element
    /// after all elements, in document order; then rule id. Stable for the rest (rule by
    /// rule, in the order given). `findings[slot]` are the findings of the rule `ids[slot]`;
    /// returns (slot, index) pairs.
    static func order(_ findings: [[Finding]], ids: [String], in analysis: Analysis) -> [(slot: Int, index: Int)] {
        let elementCount = analysis.elements.count
        // Each slot's rank among the ids of the rules with findings (equal ids, equal rank),
        // so the sort compares integers instead of strings.
        let byId = findings.indices.filter { !findings[$0].isEmpty }.sorted { ids[$0] < ids[$1] }
        var rank = [Int](repeating: 0, count: ids.count)
        for (position, slot) in byId.enumerated() where position > 0 {
            rank[slot] = rank[byId[position - 1]] + (ids[slot] == ids[byId[position - 1]] ? 0 : 1)
        }
        // One key per finding: the element's position (or past every element by node), the
        // rank of its rule's id, then its running number, which keeps ties in the order given.
        var keys: [(place: Int, rank: Int, sequence: Int)] = []
        var refs: [(slot: Int, index: Int)] = []
        for (slot, list) in findings.enumerated() {
            for (index, f) in list.enumerated() {
                keys.append((analysis.element(ofNode: f.node) ?? (elementCount + f.node), rank[slot], refs.count))
                refs.append((slot, index))
            }
        }
        keys.sort { $0 < $1 }
        return keys.map { refs[$0.sequence] }
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
