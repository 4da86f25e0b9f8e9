/// Selects rules for the options, runs them, applies suppressions and orders findings.
public enum RuleRunner {
    /// Runs the registry's rules.
    public static func run(_ analysis: Analysis, options: AuditOptions,
                           maxFindings: Int = RuleRun.defaultMaxFindings) throws(InputError) -> RuleRun {
        try run(analysis, options: options, table: RuleTable.registry, maxFindings: maxFindings)
    }

    /// Runs the rules of another registry (tests, tools).
    public static func run(_ analysis: Analysis, options: AuditOptions, rules registry: [Rule],
                           maxFindings: Int = RuleRun.defaultMaxFindings) throws(InputError) -> RuleRun {
        try run(analysis, options: options, table: RuleTable(registry), maxFindings: maxFindings)
    }

    static func run(_ analysis: Analysis, options: AuditOptions, table: RuleTable,
                    maxFindings: Int) throws(InputError) -> RuleRun {
        let selected = try table.selection(options)
        let positions = selected.positions
        let inputs = RuleInputs(analysis: analysis, options: options, rules: table.rules)
        // Findings stay in one array per rule (no concatenated copy) until ordered.
        let findings = positions.map { table.rules[$0].check(RuleContext(at: $0, inputs: inputs)) }
        let suppressionOf: [[Suppression?]] = options.suppressions.isEmpty ? [] : findings.map { list in
            list.map { finding in options.suppressions.first { matches($0, finding, analysis) } }
        }
        func isSuppressed(_ rule: Int, _ index: Int) -> Bool { !suppressionOf.isEmpty && suppressionOf[rule][index] != nil }
        var run = RuleRun()
        var passed = RuleSet(), incomplete = RuleSet()
        for (slot, position) in positions.enumerated() {
            // Suppressed findings do not count against a rule: it passes once they are accepted.
            var violated = false, undecided = false
            // By index, reading one field in place: `enumerated()` copied every finding out.
            for index in findings[slot].indices where !isSuppressed(slot, index) {
                if findings[slot][index].outcome == .violation { violated = true } else { undecided = true }
            }
            if violated { continue }
            if undecided { incomplete.insert(position) } else { passed.insert(position) }
        }
        run.ran = RuleIDList(table: table.ids, members: selected)
        run.passed = RuleIDList(table: table.ids, members: passed)
        run.incomplete = RuleIDList(table: table.ids, members: incomplete)
        let ordered = order(findings, ranks: positions.map { table.ids.rank[$0] }, in: analysis)
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

    /// Reading order: the position of the finding's element; nodes outside every element
    /// after all elements, in document order; then rule id. Stable for the rest (rule by
    /// rule, in the order given). `findings[slot]` are the findings of a rule whose id has
    /// rank `ranks[slot]` in sorted id order (`RuleIDTable.rank`); returns (slot, index) pairs.
    static func order(_ findings: [[Finding]], ranks: [Int], in analysis: Analysis) -> [(slot: Int, index: Int)] {
        let elementCount = analysis.elements.count
        // One key per finding: the element's position (or past every element by node), the
        // rank of its rule's id, then (slot, index), which keeps ties in the order given.
        var keys: [(place: Int, rank: Int, slot: Int, index: Int)] = []
        // Counted first: a clean screen skips the work, any other sizes the list once. By
        // index, as `enumerated()` copied every finding (retaining its strings and arrays).
        let total = findings.reduce(0) { $0 + $1.count }
        if total == 0 { return [] }
        keys.reserveCapacity(total)
        for slot in findings.indices {
            for index in findings[slot].indices {
                let node = findings[slot][index].node
                keys.append((analysis.element(ofNode: node) ?? (elementCount + node), ranks[slot], slot, index))
            }
        }
        keys.sort { $0 < $1 }
        return keys.map { ($0.slot, $0.index) }
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
