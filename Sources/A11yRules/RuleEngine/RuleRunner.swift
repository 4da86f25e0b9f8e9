import A11yEngines
import A11yModel
/// Selects rules for the options, runs them, applies suppressions and orders findings.
///
/// The runner is the stage around the rules: rules say what they find, and the runner bounds
/// it. It asks the audit's interrupt before each rule and hands the rules one `InterruptPoll`
/// to count their steps on (`RuleContext.stopping(after:)`); a rule told to stop returns what
/// it has, and the runner throws `.timeBudget` or `.cancelled` for the whole audit, so the
/// findings of a rule cut short are never reported. The budget's caps on findings and the
/// output meter are applied here, never in a rule.
public enum RuleRunner {
    /// Rule steps between two questions to the interrupt (a question reads the clock).
    static let pollSteps = 16_384

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

    package static func run(_ analysis: Analysis, options: AuditOptions, table: RuleTable,
                    maxFindings: Int) throws(InputError) -> RuleRun {
        var budget = AuditBudget.default
        budget.maxFindings = maxFindings
        var meter = OutputMeter(budget, for: analysis.document)
        return try run(analysis, options: options, table: table, budget: budget, meter: &meter, interrupt: .never)
    }

    /// Findings are capped while the rules run: once more than twice `budget.maxFindings`
    /// are held, only the first `maxFindings` in reading order are kept and the rest counted
    /// (`findingsOmitted` stays exact). Listed findings are then charged to `meter` in reading
    /// order; those it cannot pay for are counted as omitted too.
    package static func run(_ analysis: Analysis, options: AuditOptions, table: RuleTable, budget: AuditBudget,
                    meter: inout OutputMeter, interrupt: AuditInterrupt) throws(InputError) -> RuleRun {
        let selected = try table.selection(options)
        let positions = selected.positions
        let ranks = positions.map { table.ids.rank[$0] }
        let inputs = RuleInputs(analysis: analysis, options: options, rules: table.rules, selectedKinds: table.selectedKinds)
        // One context, pointed at each rule in turn; findings stay in one list per rule until ordered.
        // The rules count their steps on one poll, which asks the interrupt as they go.
        let poll = InterruptPoll(interrupt, every: pollSteps)
        var context = RuleContext(at: 0, inputs: inputs, poll: poll)
        var lists: [[Finding]] = []
        lists.reserveCapacity(positions.count)
        // Suppressed findings per rule, kept apart as each rule finishes (only when the request names suppressions).
        var suppressedLists: [[SuppressedFinding]] = []
        var held = 0, heldSuppressed = 0, suppressedOmitted = 0
        // Findings dropped from the listing, kept small: the gate and the counts need them all.
        var omitted: [OmittedFinding] = []
        var passed = RuleSet(), incomplete = RuleSet()
        var inapplicable: [InapplicableRule] = []
        let suppressionIndex = SuppressionIndex(options.suppressions)
        for position in positions {
            try poll.checkNow()
            context.position = position
            let outcome = table.rules[position].evaluate(context)
            // A rule stopped mid-way returned what it had: no verdict, no findings.
            try poll.throwIfStopped()
            var list: [Finding]
            switch outcome {
            case .checked(let findings):
                list = findings
            case .inapplicable(let reason):
                // A rule with nothing to look at is inapplicable, never passed; its empty list
                // keeps `lists` in step with `positions`.
                inapplicable.append(InapplicableRule(rule: table.rules[position].id, reason: reason))
                lists.append([])
                if !options.suppressions.isEmpty { suppressedLists.append([]) }
                continue
            }
            // Suppressed findings do not count against a rule: it passes once they are accepted.
            var violated = false, undecided = false
            if options.suppressions.isEmpty {
                for index in list.indices {
                    if list[index].outcome == .violation { violated = true } else { undecided = true }
                }
            } else {
                var kept: [Finding] = [], suppressed: [SuppressedFinding] = []
                for finding in list {
                    if let suppression = suppressionIndex.suppression(for: finding, in: analysis) {
                        suppressed.append(SuppressedFinding(finding: finding, suppression: suppression))
                    } else {
                        if finding.outcome == .violation { violated = true } else { undecided = true }
                        kept.append(finding)
                    }
                }
                list = kept
                heldSuppressed += suppressed.count
                suppressedLists.append(suppressed)
                if heldSuppressed > 2 * budget.maxSuppressed {
                    suppressedOmitted += keepFirst(budget.maxSuppressed, of: &suppressedLists,
                                                   places: readingPositions(suppressedLists.map { $0.map(\.finding) }, ranks: ranks, in: analysis)) { _ in }
                    heldSuppressed = budget.maxSuppressed
                }
            }
            if !violated { if undecided { incomplete.insert(position) } else { passed.insert(position) } }
            held += list.count
            lists.append(list)
            if held > 2 * budget.maxFindings {
                keepFirst(budget.maxFindings, of: &lists, places: readingPositions(lists, ranks: ranks, in: analysis)) {
                    omitted.append(OmittedFinding($0))
                }
                held = budget.maxFindings
            }
        }
        try poll.checkNow()
        let places = readingPositions(lists, ranks: ranks, in: analysis)
        var findings = moveOut(&lists, to: places)
        // Rule verdicts above use every finding; only the listing is cut, in reading order.
        let listed = affordable(&findings, upTo: budget.maxFindings, maxListEntries: budget.maxListEntries, analysis, &meter)
        if listed < findings.count {
            let cut = findings[listed...].map(OmittedFinding.init)
            findings.removeLast(findings.count - listed)
            // Those dropped while the rules ran lie after these in reading order.
            omitted = cut + inReadingOrder(omitted, in: analysis)
        } else if !omitted.isEmpty {
            omitted = inReadingOrder(omitted, in: analysis)
        }
        var run = RuleRun()
        if !suppressedLists.isEmpty {
            var suppressed = inReadingOrder(suppressedLists, ranks: ranks, in: analysis)
            var suppressedFindings = suppressed.map(\.finding)
            // Each listed suppressed finding also writes its suppression (rule, id, identifier,
            // node, reason): one 64 KB reason matching N findings is written N times, so it is
            // paid for per finding like the finding's own texts (issue 24).
            let suppressionBytes = suppressed.map { $0.suppression.writtenBytes }
            let kept = affordable(&suppressedFindings, upTo: budget.maxSuppressed, maxListEntries: budget.maxListEntries, analysis, &meter,
                                  extraBytes: suppressionBytes)
            for k in 0..<kept { suppressed[k].finding = suppressedFindings[k] }
            suppressedOmitted += suppressed.count - kept
            if kept < suppressed.count { suppressed.removeLast(suppressed.count - kept) }
            run.suppressed = suppressed
        }
        run.omitted = omitted
        run.suppressedOmitted = suppressedOmitted
        run.findings = findings
        run.ran = RuleIDList(table: table.ids, members: selected)
        run.passed = RuleIDList(table: table.ids, members: passed)
        run.incomplete = RuleIDList(table: table.ids, members: incomplete)
        run.inapplicable = inapplicable
        return run
    }

    /// Keeps the items of `lists` whose reading position (`places`, counted list by list) is
    /// below `count`; each list keeps its own order. Returns how many were dropped, each
    /// handed to `drop` first.
    @discardableResult
    private static func keepFirst<Item>(_ count: Int, of lists: inout [[Item]], places: [Int],
                                        drop: (Item) -> Void) -> Int {
        var flat = 0, dropped = 0
        for slot in lists.indices {
            let first = flat
            flat += lists[slot].count
            let before = lists[slot].count
            var index = 0
            lists[slot].removeAll { item in
                defer { index += 1 }
                guard places[first + index] >= count else { return false }
                drop(item)
                return true
            }
            dropped += before - lists[slot].count
        }
        return dropped
    }

    /// Suppressed findings of every rule in one array, in reading order.
    private static func inReadingOrder(_ lists: [[SuppressedFinding]], ranks: [Int], in analysis: Analysis) -> [SuppressedFinding] {
        let flat = lists.flatMap { $0 }
        guard !flat.isEmpty else { return [] }
        let places = readingPositions(lists.map { $0.map(\.finding) }, ranks: ranks, in: analysis)
        var ordered = flat
        for k in flat.indices { ordered[places[k]] = flat[k] }
        return ordered
    }

    /// How many of `findings`, from the first and at most `count`, `meter` can pay for: the
    /// texts and pointers each writes. Paid in two rounds so that repeated text cannot crowd
    /// findings out: first each finding's own fields (message, node pointer, id, identifier,
    /// single values), in reading order, from the findings' reserve and then the shared
    /// budget; then, from what is left, the lists inside the listed findings (related nodes,
    /// conflicting nodes, words), which may repeat other nodes' paths. A list keeps at most
    /// `maxListEntries` entries and, once the budget runs short, the entries it can pay for;
    /// the rest are counted in a `<key>Omitted` number beside it.
    /// `extraBytes[k]`, when given, is what the k-th finding writes beside its own fields (a
    /// suppressed finding's suppression).
    /// A finding is paid for as the format that writes the most for it writes it: the JSON
    /// response gives its pointer, id and identifier once, while a SARIF result gives the
    /// pointer and identifier again (its logical locations) and SARIF, JUnit and HTML repeat
    /// the spoken text of the finding's element in every finding on it. So the bound on the
    /// answer holds whatever format it is written in.
    private static func affordable(_ findings: inout [Finding], upTo count: Int, maxListEntries: Int, _ analysis: Analysis,
                                   _ meter: inout OutputMeter, extraBytes: [Int] = []) -> Int {
        var listed = 0
        for finding in findings.prefix(count) {
            let node = finding.node
            let pointerBytes = meter.pointerBytes(of: node, in: analysis.document.nodes)
            let identifierBytes = analysis.identifier(ofNode: node)?.utf8.count ?? 0
            let spokenBytes = analysis.element(ofNode: node).map { analysis.elements[$0].spoken.utf8.count } ?? 0
            var bytes = finding.message.utf8.count + 2 * pointerBytes
                + (listed < extraBytes.count ? extraBytes[listed] : 0)
                + (WCAGCriteria.helpURL(finding.wcag)?.utf8.count ?? 0)
                + (analysis.document.nodes[node].id?.utf8.count ?? 0) + 2 * identifierBytes + spokenBytes
            for item in finding.data {
                bytes += item.key.utf8.count
                if case .string(let text) = item.value { bytes += text.utf8.count }
                if case .node(let other) = item.value { bytes += meter.pointerBytes(of: other, in: analysis.document.nodes) }
            }
            guard meter.chargeFinding(bytes) else { break }
            listed += 1
        }
        for index in 0..<listed where findings[index].data.contains(where: \.value.isList) {
            var data = findings[index].data
            var counts: [(key: String, value: DataValue)] = []
            for slot in data.indices {
                let total: Int
                var kept = 0
                switch data[slot].value {
                case .strings(let list):
                    total = list.count
                    for text in list.prefix(maxListEntries) {
                        guard meter.chargeFinding(text.utf8.count + 3) else { break }
                        kept += 1
                    }
                    if kept < total { data[slot].value = .strings(Array(list.prefix(kept))) }
                case .nodes(let list):
                    total = list.count
                    for node in list.prefix(maxListEntries) {
                        guard meter.chargeFinding(meter.pointerBytes(of: node, in: analysis.document.nodes) + 3) else { break }
                        kept += 1
                    }
                    if kept < total { data[slot].value = .nodes(Array(list.prefix(kept))) }
                default:
                    continue
                }
                guard kept < total else { continue }
                counts.append((data[slot].key + "Omitted", .number(Double(total - kept))))
            }
            guard !counts.isEmpty else { continue }
            // A count the rule already gave (its own cap) grows by what was cut here.
            for (key, value) in counts {
                guard case .number(let cut) = value else { continue }
                if let slot = data.firstIndex(where: { $0.key == key }), case .number(let earlier) = data[slot].value {
                    data[slot].value = .number(earlier + cut)
                } else {
                    data.append((key, value))
                }
            }
            findings[index].data = data
        }
        return listed
    }

    /// Omitted findings in reading order (element position, or past every element by node;
    /// then rule id), as `readingPositions` orders findings; each key worked out once.
    private static func inReadingOrder(_ findings: [OmittedFinding], in analysis: Analysis) -> [OmittedFinding] {
        guard findings.count > 1 else { return findings }
        let places = findings.map { analysis.element(ofNode: $0.node) ?? (analysis.elements.count + $0.node) }
        let order = findings.indices.sorted { a, b in
            (places[a], findings[a].rule, findings[a].node) < (places[b], findings[b].rule, findings[b].node)
        }
        return order.map { findings[$0] }
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
    /// rule by rule); the lists are emptied.
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
}
