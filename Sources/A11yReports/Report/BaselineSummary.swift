import A11yJSON
import A11yModel
import A11yRules
/// What the CLI and the JSON response need from a comparison: the findings that gate a
/// pipeline, and a `baseline` summary object.
extension BaselineComparison.Screen {
    /// Findings of `report` (this screen's) that are not in the baseline.
    public func newFindings(of report: AuditReport) -> [Finding] {
        zip(report.run.findings, states).compactMap { $1 == .new ? $0 : nil }
    }
}

extension ScreenReport {
    /// Whether a violation at or above `threshold` remains on this screen. Compared with a
    /// baseline (`comparison` is this screen's), only new findings count, so a team fails on
    /// regressions only. What decides the exit code of the CLI, one screen at a time or a run.
    public func fails(_ threshold: FailThreshold, comparedAs comparison: BaselineComparison.Screen?) -> Bool {
        guard let comparison else { return report.run.fails(threshold) }
        var gate = RuleRun()
        gate.findings = comparison.newFindings(of: report)
        // Findings past the listing's caps gate as listed ones do.
        gate.omitted = zip(report.run.omitted, comparison.omittedStates).compactMap { $1 == .new ? $0 : nil }
        return gate.fails(threshold)
    }
}

extension BaselineComparison {
    /// Findings of `screen` (index into the compared screens) that are not in the baseline:
    /// the ones `--fail-on` should look at.
    public func newFindings(of screen: ScreenReport, at index: Int) -> [Finding] {
        screens[index].newFindings(of: screen.report)
    }

    /// `{"new": n, "unchanged": n, "fixed": n, "fixedFindings": [{"screen", "fingerprint", "rule", "node", "message"}]}`,
    /// over all screens or just `screen`. Each fixed entry is written with what the baseline
    /// knew of it and nothing more, so the list stays in proportion to the baseline given:
    /// `screen` only in a summary of several screens and only for entries that named their
    /// screen (a baseline file), never the screen a request's screen-less fingerprint happens
    /// to be listed under (that would repeat a long `options.source` per entry); `rule`,
    /// `node` and `message` only when the entry has them.
    public func writeSummary(into json: inout JSONWriter, screen: Int? = nil) {
        writeSummary(into: &json, screen: screen, check: .writing(.never))
    }

    /// The same, stopping the list of fixed entries when `check` says so (the answer is then
    /// thrown away by the caller).
    func writeSummary(into json: inout JSONWriter, screen: Int? = nil, check: InterruptPoll) {
        let selected = screen.map { [screens[$0]] } ?? screens
        Self.writeSummary(new: selected.reduce(0) { $0 + $1.newCount }, unchanged: selected.reduce(0) { $0 + $1.unchangedCount },
                          fixed: selected.flatMap { compared in compared.fixed.map { (Self.fixedScreen(compared.name, $0, one: screen != nil), $0) } },
                          check: check, into: &json)
    }

    /// The `screen` a fixed entry is written with: none in one screen's own summary (it is
    /// that screen) nor for a screen-less entry; else the screen it is listed under.
    static func fixedScreen(_ name: String, _ entry: Baseline.Entry, one: Bool) -> String? {
        one || entry.screen == nil ? nil : name
    }

    /// The `baseline` summary object from its counts and the fixed entries with their screens.
    static func writeSummary(new: Int, unchanged: Int, fixed: [(screen: String?, entry: Baseline.Entry)],
                             check: InterruptPoll = .writing(.never), into json: inout JSONWriter) {
        json.beginObject()
        json.key("new"); json.int(new)
        json.key("unchanged"); json.int(unchanged)
        json.key("fixed"); json.int(fixed.count)
        json.key("fixedFindings"); json.beginArray()
        for (screen, entry) in fixed {
            if check.stopping() { break }
            json.beginObject()
            if let screen { json.key("screen"); json.string(screen) }
            entry.writeFields(into: &json)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
