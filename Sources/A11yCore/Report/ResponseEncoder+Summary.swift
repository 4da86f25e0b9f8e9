extension ResponseEncoder {
    /// Counts over one or more screens of a run.
    static func writeSummary(_ run: AuditRun, screens: [Int], into w: inout JSONWriter) {
        let reports = screens.map { run.screens[$0].report }
        // Counters in arrays indexed by case, and rules in a short list: a response has
        // thousands of findings but only a few rules, so hashing each rule id cost more.
        var byImpact = Array(repeating: 0, count: Impact.allCases.count)
        var violations = 0, incompletes = 0
        var byRule: [(rule: String, count: Int)] = []
        var ran = RuleIDList(), passed = RuleIDList(), incomplete = RuleIDList()
        var suppressedCount = 0
        for report in reports {
            let findings = report.run.findings
            var last = -1
            for i in findings.indices {
                byImpact[findings[i].impact.caseIndex] += 1
                if findings[i].outcome == .violation { violations += 1 } else { incompletes += 1 }
                let rule = findings[i].rule
                if last < 0 || byRule[last].rule != rule {
                    last = byRule.firstIndex { $0.rule == rule } ?? -1
                    if last < 0 {
                        last = byRule.count
                        byRule.append((rule, 0))
                    }
                }
                byRule[last].count += 1
            }
            ran.append(contentsOf: report.run.rulesRun)
            incomplete.append(contentsOf: report.run.rulesIncomplete)
            suppressedCount += report.run.suppressed.count
        }
        // A rule passed only if it passed on every screen (or did not run there).
        // With one screen every id of `ran` is in its rulesRun, so only rulesPassed needs a look.
        let passedOn = reports.map { RuleIDList(lookingUp: $0.run.rulesPassed) }
        let ranOn = reports.count > 1 ? reports.map { RuleIDList(lookingUp: $0.run.rulesRun) } : []
        // Where the last id was found per screen: lists are mostly in `ran`'s order.
        var nextPassed = Array(repeating: 0, count: reports.count)
        for i in ran.items.indices {
            let id = ran.items[i], key = ran.keys[i]
            var passedEverywhere = true
            for r in reports.indices {
                if let at = passedOn[r].index(of: id, key: key, from: nextPassed[r]) {
                    nextPassed[r] = at + 1
                } else if reports.count == 1 || ranOn[r].index(of: id, key: key) != nil {
                    passedEverywhere = false
                    break
                }
            }
            // `ran` has no repeats, so neither has `passed`.
            if passedEverywhere { passed.appendUnchecked(id, key: key) }
        }
        w.beginObject()
        w.staticKey("elements"); w.int(reports.reduce(0) { $0 + $1.analysis.elements.count })
        w.staticKey("findings"); w.int(reports.reduce(0) { $0 + $1.run.findings.count })
        // Only present when a screen hit the findings cap, so ordinary answers are unchanged.
        let omitted = reports.reduce(0) { $0 + $1.run.findingsOmitted }
        if omitted > 0 { w.staticKey("findingsOmitted"); w.int(omitted) }
        w.staticKey("byImpact")
        w.beginObject()
        w.staticKey("minor"); w.int(byImpact[Impact.minor.caseIndex])
        w.staticKey("moderate"); w.int(byImpact[Impact.moderate.caseIndex])
        w.staticKey("serious"); w.int(byImpact[Impact.serious.caseIndex])
        w.staticKey("critical"); w.int(byImpact[Impact.critical.caseIndex])
        w.endObject()
        w.staticKey("byOutcome")
        w.beginObject()
        w.staticKey("violation"); w.int(violations)
        w.staticKey("incomplete"); w.int(incompletes)
        w.endObject()
        w.staticKey("byRule")
        w.beginObject()
        for (rule, count) in byRule.sorted(by: { $0.rule < $1.rule }) { w.key(rule); w.int(count) }
        w.endObject()
        w.staticKey("rules")
        w.beginObject()
        w.staticKey("run"); w.strings(ran.items)
        w.staticKey("passed"); w.strings(passed.items)
        w.staticKey("incomplete"); w.strings(incomplete.items)
        w.endObject()
        w.staticKey("suppressed")
        w.beginObject()
        w.staticKey("count"); w.int(suppressedCount)
        w.staticKey("findings")
        w.beginArray()
        for report in reports where !report.run.suppressed.isEmpty {
            var fingerprinter = Fingerprinter(report.analysis)
            var pointers = PointerSpans(report.analysis.document)
            for s in report.run.suppressed {
                withUnsafePointer(to: s.finding) { beginFinding($0, analysis: report.analysis, pointers: &pointers, into: &w) }
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
        w.endArray()
        w.endObject()
        if let comparison = run.comparison {
            w.staticKey("baseline")
            comparison.writeSummary(into: &w, screen: screens.count == 1 ? screens[0] : nil)
        }
        w.endObject()
    }
}

private extension Impact {
    /// Position in `allCases`, for counting in an array.
    var caseIndex: Int {
        switch self { case .minor: 0; case .moderate: 1; case .serious: 2; case .critical: 3 }
    }
}
