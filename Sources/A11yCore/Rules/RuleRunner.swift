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
        // Findings stay in one array per rule (no concatenated copy) until ordered. One
        // context, pointed at each rule in turn: a context per rule retained the inputs each time.
        var context = RuleContext(at: 0, inputs: inputs)
        // A loop rather than `map`, whose array of arrays grew through unspecialised stdlib calls.
        var lists: [[Finding]] = []
        lists.reserveCapacity(positions.count)
        for position in positions {
            context.position = position
            lists.append(table.rules[position].check(context))
        }
        let suppressionOf: [[Suppression?]] = options.suppressions.isEmpty ? [] : lists.map { list in
            list.map { finding in options.suppressions.first { matches($0, finding, analysis) } }
        }
        func isSuppressed(_ rule: Int, _ index: Int) -> Bool { !suppressionOf.isEmpty && suppressionOf[rule][index] != nil }
        var passed = RuleSet(), incomplete = RuleSet()
        for (slot, position) in positions.enumerated() {
            // Suppressed findings do not count against a rule: it passes once they are accepted.
            var violated = false, undecided = false
            // By index, reading one field in place: `enumerated()` copied every finding out.
            for index in lists[slot].indices where !isSuppressed(slot, index) {
                if lists[slot][index].outcome == .violation { violated = true } else { undecided = true }
            }
            if violated { continue }
            if undecided { incomplete.insert(position) } else { passed.insert(position) }
        }
        let places = readingPositions(lists, ranks: positions.map { table.ids.rank[$0] }, in: analysis)
        var findings = moveOut(&lists, to: places)
        var suppressed: [SuppressedFinding] = []
        if !suppressionOf.isEmpty {
            // Rare (a request that names suppressions): the split copies its findings.
            var suppressionAt = [Suppression?](repeating: nil, count: findings.count), flat = 0
            for list in suppressionOf {
                for suppression in list { suppressionAt[places[flat]] = suppression; flat += 1 }
            }
            var kept: [Finding] = []
            for position in findings.indices {
                if let suppression = suppressionAt[position] {
                    suppressed.append(SuppressedFinding(finding: findings[position], suppression: suppression))
                } else {
                    kept.append(findings[position])
                }
            }
            findings = kept
        }
        // Rule verdicts above use every finding; only the listing is cut, in reading order.
        var run = RuleRun()
        run.findingsOmitted = max(findings.count - maxFindings, 0)
        if run.findingsOmitted > 0 { findings.removeLast(run.findingsOmitted) }
        run.findings = findings
        run.suppressed = suppressed
        run.ran = RuleIDList(table: table.ids, members: selected)
        run.passed = RuleIDList(table: table.ids, members: passed)
        run.incomplete = RuleIDList(table: table.ids, members: incomplete)
        return run
    }

    /// Reading order: the position of the finding's element; nodes outside every element
    /// after all elements, in document order; then rule id. Stable for the rest (rule by
    /// rule, in the order given). `findings[slot]` are the findings of a rule whose id has
    /// rank `ranks[slot]` in sorted id order (`RuleIDTable.rank`). Returns each finding's
    /// position in reading order, the findings counted rule by rule (slot, then index).
    static func readingPositions(_ findings: [[Finding]], ranks: [Int], in analysis: Analysis) -> [Int] {
        let elementCount = analysis.elements.count
        // One key per finding: the element's position (or past every element by node), the
        // rank of its rule's id, then its count in (slot, index) order, which keeps ties in
        // the order given.
        var keys: [(place: Int, rank: Int, flat: Int)] = []
        // Counted first: a clean screen skips the work, any other sizes the list once. By
        // index, as `enumerated()` copied every finding (retaining its strings and arrays).
        let total = findings.reduce(0) { $0 + $1.count }
        if total == 0 { return [] }
        keys.reserveCapacity(total)
        for slot in findings.indices {
            for index in findings[slot].indices {
                let node = findings[slot][index].node
                keys.append((analysis.element(ofNode: node) ?? (elementCount + node), ranks[slot], keys.count))
            }
        }
        keys.sort { $0 < $1 }
        var positions = [Int](repeating: 0, count: total)
        for position in keys.indices { positions[keys[position].flat] = position }
        return positions
    }

    /// The lists' findings in one array, `positions[f]` being where the f-th goes (counted
    /// rule by rule). Each is moved out (`removeLast`), not copied: a copy retained a finding's
    /// strings and arrays, and freeing the lists released them all again.
    private static func moveOut(_ lists: inout [[Finding]], to positions: [Int]) -> [Finding] {
        Array(unsafeUninitializedCapacity: positions.count) { out, count in
            var start = 0
            for slot in lists.indices {
                let first = start
                start += lists[slot].count
                // After the removal, `count` is the removed finding's index in its list.
                while !lists[slot].isEmpty {
                    let finding = lists[slot].removeLast()
                    (out.baseAddress! + positions[first + lists[slot].count]).initialize(to: finding)
                }
            }
            count = positions.count
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
