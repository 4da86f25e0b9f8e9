import A11yJSON
import A11yModel
import A11yRules

extension ResponseEncoder {
    /// Counts over one or more screens of a run; `baselineScreen` is the screen a single one is.
    static func writeSummary(_ screens: ScreenList, comparison: BaselineComparison?,
                             baselineScreen: Int?, batch: BatchScreenRules? = nil, check: InterruptPoll = .writing(.never),
                             namesScreens: Bool = false, into w: inout JSONWriter) {
        var counts = SummaryCounts()
        // Room for a typical answer's rules up front.
        counts.byRule.reserveCapacity(min(screens.indices.reduce(0) { $0 + screens.report($1).pointee.run.findings.count }, 16))
        for s in screens.indices { counts.add(screens.report(s)) }
        w.beginObject()
        counts.write(into: &w)
        w.staticKey("rules")
        if let batch, screens.count == 1 {
            writeBatchScreenRules(of: screens.report(0).pointee.run, batch, into: &w)
        } else if screens.count == 1 {
            writeRuleLists(ofRunIn: screens.report(0), into: &w)
        } else {
            writeRuleLists(screens.indices.map { screens.report($0).pointee.run }, into: &w)
        }
        w.staticKey("suppressed")
        w.beginObject()
        w.staticKey("count"); w.int(counts.suppressedCount)
        w.staticKey("findings")
        w.beginArray()
        for screen in screens.indices {
            writeSuppressedFindings(of: screens.report(screen), screen: namesScreens ? screen : nil, into: &w)
        }
        w.endArray()
        w.endObject()
        if let comparison {
            w.staticKey("baseline")
            comparison.writeSummary(into: &w, screen: baselineScreen, check: check)
        }
        w.endObject()
    }

    /// The suppressed findings of one screen, each with its fingerprint and the suppression
    /// that matched, as members of the summary's `suppressed.findings`. Their nodes are entries
    /// of the screen's `paths`; in a batch's summary `screen` says which screen's (its index).
    static func writeSuppressedFindings(of report: UnsafePointer<AuditReport>, screen: Int?, into w: inout JSONWriter) {
        guard !report.pointee.run.suppressed.isEmpty else { return }
        let report = report.pointee
        var fingerprinter = Fingerprinter(report.analysis)
        let paths = NodePaths(report)
        for s in report.run.suppressed {
            withUnsafePointer(to: s.finding) { beginFinding($0, analysis: report.analysis, paths: paths, into: &w) }
            if let screen { w.staticKey("screen"); w.int(screen) }
            w.staticKey("fingerprint"); writeFingerprint(rule: s.finding.rule, node: s.finding.node, with: &fingerprinter, into: &w)
            w.staticKey("suppression")
            w.beginObject()
            w.staticKey("rule"); w.string(s.suppression.rule)
            w.staticKey("id"); w.string(s.suppression.id)
            w.staticKey("identifier"); w.string(s.suppression.identifier)
            w.staticKey("node"); w.string(s.suppression.node)
            w.staticKey("reason"); w.string(s.suppression.reason)
            w.endObject()
            w.endObject()
        }
    }
}

/// The counts of a summary (elements, findings, by impact, outcome and rule), added up screen
/// by screen. Counters per case, and rules in a short list: a response has thousands of
/// findings but only a few rules, so hashing each rule id cost more.
struct SummaryCounts {
    var byImpact = ImpactCounts()
    var violations = 0, incompletes = 0
    var byRule: [(rule: String, count: Int)] = []
    var elementCount = 0, findingCount = 0, omitted = 0, suppressedCount = 0, suppressedOmitted = 0
    /// Of the counts above, the findings left out of the listing, by impact (`omitted`).
    var omittedByImpact = ImpactCounts()

    mutating func add(_ report: UnsafePointer<AuditReport>) {
        report.pointee.run.findings.withUnsafeBufferPointer { findings in
            var last = -1
            for i in findings.indices {
                count(impact: findings[i].impact, outcome: findings[i].outcome, rule: findings[i].rule, last: &last)
            }
            findingCount += findings.count
        }
        // Findings past the listing's caps count everywhere a listed one does.
        var last = -1
        for item in report.pointee.run.omitted {
            count(impact: item.impact, outcome: item.outcome, rule: item.rule, last: &last)
            omittedByImpact.add(item.impact)
        }
        elementCount += report.pointee.analysis.elements.count
        omitted += report.pointee.run.findingsOmitted
        suppressedOmitted += report.pointee.run.suppressedOmitted
        suppressedCount += report.pointee.run.suppressed.count
    }

    /// One finding in `byImpact`, `byOutcome` and `byRule`; `last` is the `byRule` slot of
    /// the finding before (findings come grouped by rule more often than not).
    @inline(__always)
    private mutating func count(impact: Impact, outcome: Outcome, rule: String, last: inout Int) {
        byImpact.add(impact)
        if outcome == .violation { violations += 1 } else { incompletes += 1 }
        if last < 0 || byRule[last].rule != rule {
            last = byRule.firstIndex { $0.rule == rule } ?? -1
            if last < 0 {
                last = byRule.count
                byRule.append((rule, 0))
            }
        }
        byRule[last].count += 1
    }

    /// Another screen's counts added to these (a batch's summary).
    mutating func add(_ other: SummaryCounts) {
        byImpact.add(other.byImpact)
        violations += other.violations; incompletes += other.incompletes
        for (rule, count) in other.byRule {
            if let i = byRule.firstIndex(where: { $0.rule == rule }) { byRule[i].count += count } else { byRule.append((rule, count)) }
        }
        elementCount += other.elementCount; findingCount += other.findingCount
        omitted += other.omitted; suppressedCount += other.suppressedCount; suppressedOmitted += other.suppressedOmitted
        omittedByImpact.add(other.omittedByImpact)
    }

    /// `elements` through `byRule`, as members of the open summary object.
    mutating func write(into w: inout JSONWriter) {
        w.staticKey("elements"); w.int(elementCount)
        w.staticKey("findings"); w.int(findingCount)
        // Only present when a screen hit the findings cap, so ordinary answers are unchanged.
        if omitted > 0 { w.staticKey("findingsOmitted"); w.int(omitted) }
        if suppressedOmitted > 0 { w.staticKey("suppressedOmitted"); w.int(suppressedOmitted) }
        if omitted > 0 {
            // What the listing left out, so a reader sees which impacts are missing from it.
            w.staticKey("omitted")
            w.beginObject()
            w.staticKey("findings"); w.int(omitted)
            w.staticKey("byImpact"); omittedByImpact.write(into: &w)
            w.endObject()
        }
        w.staticKey("byImpact"); byImpact.write(into: &w)
        w.staticKey("byOutcome")
        w.beginObject()
        w.staticKey("violation"); w.int(violations)
        w.staticKey("incomplete"); w.int(incompletes)
        w.endObject()
        w.staticKey("byRule")
        w.beginObject()
        byRule.sort { $0.rule < $1.rule }
        for i in byRule.indices { w.key(byRule[i].rule); w.int(byRule[i].count) }
        w.endObject()
    }
}

extension ResponseEncoder {
    /// `{"run", "passed", "incomplete", "inapplicable"}`: ids that ran on any screen, in
    /// first-seen order; of those, the ones that looked at something on some screen and
    /// passed on every screen where they did; ids incomplete on any screen, in first-seen
    /// order; rules inapplicable on every screen where they ran, each with the first screen's
    /// reason.
    static func writeRuleLists(_ runs: [RuleRun], into w: inout JSONWriter) {
        // Lists the runner made index one registry table: positions all the way, and the
        // ids' JSON bytes copied from the table.
        guard let table = runs.first?.ran.table, runs.allSatisfy({ sharesTable($0, table) }) else {
            return writeRuleListsByID(runs, into: &w)
        }
        if runs.count == 1 {
            return writeLists(run: runs[0].ran.members, passed: runs[0].passed.members,
                              incomplete: runs[0].incomplete.members, inapplicable: runs[0].inapplicable, table, into: &w)
        }
        w.beginObject()
        let ran = firstSeen(runs.map(\.ran.members))
        w.staticKey("run"); write(ran, table, into: &w)
        w.staticKey("passed")
        write(ran.filter { p in
            let id = table.ids[p]
            return runs.contains { $0.passed.members.contains(p) }
                && runs.allSatisfy { $0.passed.members.contains(p) || !$0.ran.members.contains(p) || $0.inapplicable.contains { $0.rule == id } }
        }, table, into: &w)
        w.staticKey("incomplete"); write(firstSeen(runs.map(\.incomplete.members)), table, into: &w)
        writeInapplicable(inapplicableEverywhere(runs), into: &w)
        w.endObject()
    }

    /// A batch screen's `rules`: `incomplete`, and `run` and `inapplicable` only when they
    /// differ from the screen before's (the first screen always writes them). `passed` is left out: it is
    /// `run` minus the rules in the screen's `byRule`, and the batch's summary lists the
    /// rules that passed on every screen. So a batch of screens that run the same rules
    /// writes the catalogue once, not once per screen (issue 24: empty screens answered 161x
    /// their request).
    static func writeBatchScreenRules(of run: RuleRun, _ batch: BatchScreenRules, into w: inout JSONWriter) {
        w.beginObject()
        if !batch.sameRun(as: run.ran) {
            w.staticKey("run")
            if run.ran.table === run.incomplete.table { write(run.ran.members, run.ran.table, into: &w) } else { w.strings(run.rulesRun) }
        }
        w.staticKey("incomplete")
        write(run.incomplete.members, run.incomplete.table, into: &w)
        if !batch.sameInapplicable(as: run.inapplicable) { writeInapplicable(run.inapplicable, into: &w) }
        w.endObject()
    }

    /// `"inapplicable": [{"rule", "reason"}, ...]`: rules that had nothing to look at.
    static func writeInapplicable(_ rules: [InapplicableRule], into w: inout JSONWriter) {
        w.staticKey("inapplicable")
        w.beginArray()
        for entry in rules {
            w.beginObject()
            w.staticKey("rule"); w.string(entry.rule)
            w.staticKey("reason"); w.string(entry.reason)
            w.endObject()
        }
        w.endArray()
    }

    /// Rules inapplicable on every screen where they ran, in first-seen order, with the
    /// reason the first screen gave.
    static func inapplicableEverywhere(_ runs: [RuleRun]) -> [InapplicableRule] {
        // One pass: each id's first entry, and the ids some screen ran and looked at.
        var firsts: [InapplicableRule] = [], seen = Set<String>(), lookedAt = Set<String>()
        for run in runs {
            for entry in run.inapplicable where seen.insert(entry.rule).inserted { firsts.append(entry) }
            let inapplicableHere = Set(run.inapplicable.map(\.rule))
            for id in run.rulesRun where !inapplicableHere.contains(id) { lookedAt.insert(id) }
        }
        return firsts.filter { !lookedAt.contains($0.rule) }
    }

    /// `writeRuleLists` of one screen's run, read through its report.
    static func writeRuleLists(ofRunIn report: UnsafePointer<AuditReport>, into w: inout JSONWriter) {
        let table = report.pointee.run.ran.table
        guard report.pointee.run.passed.table === table && report.pointee.run.incomplete.table === table else {
            return writeRuleListsByID([report.pointee.run], into: &w)
        }
        writeLists(run: report.pointee.run.ran.members, passed: report.pointee.run.passed.members,
                   incomplete: report.pointee.run.incomplete.members, inapplicable: report.pointee.run.inapplicable,
                   table, into: &w)
    }

    private static func sharesTable(_ run: borrowing RuleRun, _ table: RuleIDTable) -> Bool {
        run.ran.table === table && run.passed.table === table && run.incomplete.table === table
    }

    /// One run's lists (the runner's `passed` and `incomplete` are subsets of its `ran`).
    private static func writeLists(run: RuleSet, passed: RuleSet, incomplete: RuleSet, inapplicable: [InapplicableRule],
                                   _ table: RuleIDTable, into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("run"); write(run, table, into: &w)
        w.staticKey("passed"); write(passed, table, into: &w)
        w.staticKey("incomplete"); write(incomplete, table, into: &w)
        writeInapplicable(inapplicable, into: &w)
        w.endObject()
    }

    private static func write(_ positions: [Int], _ table: RuleIDTable, into w: inout JSONWriter) {
        if !w.pretty { return w.raw(maxLength: table.maxJSONArrayLength(positions)) { table.writeJSONArray(positions, to: $0) } }
        w.beginArray()
        for p in positions { w.string(table.ids[p]) }
        w.endArray()
    }

    private static func write(_ set: RuleSet, _ table: RuleIDTable, into w: inout JSONWriter) {
        // Compact output takes the table's JSON for each id; pretty output is indented id by id.
        if !w.pretty { return w.raw(maxLength: table.maxJSONArrayLength) { table.writeJSONArray(set, to: $0) } }
        write(Array(set), table, into: &w)
    }

    /// Positions of `sets`, each set's in ascending order, each position where first seen.
    private static func firstSeen(_ sets: [RuleSet]) -> [Int] {
        var seen = RuleSet(), out: [Int] = []
        for set in sets {
            for p in set where !seen.contains(p) {
                seen.insert(p)
                out.append(p)
            }
        }
        return out
    }

    /// `writeRuleLists` for lists set by hand, which may be in any order or repeat an id:
    /// compared as strings, empty ids left out.
    private static func writeRuleListsByID(_ runs: [RuleRun], into w: inout JSONWriter) {
        func firstSeen(_ lists: [[String]]) -> [String] {
            var out: [String] = []
            for id in lists.joined() where !id.isEmpty && !out.contains(id) { out.append(id) }
            return out
        }
        let ranOn = runs.map(\.rulesRun), passedOn = runs.map(\.rulesPassed)
        let ran = firstSeen(ranOn)
        w.beginObject()
        w.staticKey("run"); w.strings(ran)
        w.staticKey("passed")
        w.strings(ran.filter { id in
            runs.indices.contains { passedOn[$0].contains(id) }
                && runs.indices.allSatisfy { passedOn[$0].contains(id) || !ranOn[$0].contains(id)
                    || runs[$0].inapplicable.contains { $0.rule == id } }
        })
        w.staticKey("incomplete"); w.strings(firstSeen(runs.map(\.rulesIncomplete)))
        writeInapplicable(inapplicableEverywhere(runs), into: &w)
        w.endObject()
    }
}

/// Findings counted by impact.
struct ImpactCounts: Sendable {
    var minor = 0, moderate = 0, serious = 0, critical = 0

    mutating func add(_ impact: Impact) {
        switch impact {
        case .minor: minor += 1; case .moderate: moderate += 1; case .serious: serious += 1; case .critical: critical += 1
        }
    }

    mutating func add(_ other: ImpactCounts) {
        minor += other.minor; moderate += other.moderate; serious += other.serious; critical += other.critical
    }

    subscript(impact: Impact) -> Int {
        switch impact { case .minor: minor; case .moderate: moderate; case .serious: serious; case .critical: critical }
    }

    var total: Int { minor + moderate + serious + critical }

    /// `{"minor": n, "moderate": n, "serious": n, "critical": n}`
    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("minor"); w.int(minor)
        w.staticKey("moderate"); w.int(moderate)
        w.staticKey("serious"); w.int(serious)
        w.staticKey("critical"); w.int(critical)
        w.endObject()
    }

    /// `3 critical, 2 minor`: the impacts present, worst first (empty when none).
    var text: String {
        Impact.allCases.reversed().compactMap { self[$0] == 0 ? nil : "\(self[$0]) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// The omitted findings of `run`, by impact.
    init(omittedFrom run: RuleRun) { for item in run.omitted { add(item.impact) } }
    init() {}
}

/// What a screen of a batch needs to write its rule lists without repeating the screen before's.
struct BatchScreenRules {
    /// The rule lists of the screen before; nil for the first screen (or when not known).
    var previous: RuleRun?

    func sameRun(as ran: RuleIDList) -> Bool {
        guard let previousRun = previous?.ran else { return false }
        if previousRun.table === ran.table { return Array(previousRun.members) == Array(ran.members) }
        return previousRun.ids == ran.ids
    }

    /// Whether the screen before had the same rules inapplicable, for the same reasons.
    func sameInapplicable(as inapplicable: [InapplicableRule]) -> Bool {
        guard let previous else { return false }
        return previous.inapplicable == inapplicable
    }
}
