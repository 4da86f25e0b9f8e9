/// What the CLI and the JSON response need from a comparison: the findings that gate a
/// pipeline, and a `baseline` summary object.
extension BaselineComparison {
    /// Findings of `screen` (index into the compared screens) that are not in the baseline:
    /// the ones `--fail-on` should look at.
    public func newFindings(of screen: ScreenReport, at index: Int) -> [Finding] {
        zip(screen.report.run.findings, screens[index].states).compactMap { $1 == .new ? $0 : nil }
    }

    /// `{"new": n, "unchanged": n, "fixed": n, "fixedFindings": [{"screen", "fingerprint", "rule", "node", "message"}]}`,
    /// over all screens or just `screen`.
    public func writeSummary(into json: inout JSONWriter, screen: Int? = nil) {
        let selected = screen.map { [screens[$0]] } ?? screens
        func count(_ state: State) -> Int { selected.reduce(0) { $0 + $1.states.count(where: { $0 == state }) } }
        json.beginObject()
        json.key("new"); json.int(count(.new))
        json.key("unchanged"); json.int(count(.unchanged))
        json.key("fixed"); json.int(selected.reduce(0) { $0 + $1.fixed.count })
        json.key("fixedFindings"); json.beginArray()
        for screen in selected {
            for entry in screen.fixed {
                json.beginObject()
                json.key("screen"); json.string(screen.name)
                json.key("fingerprint"); json.string(entry.fingerprint)
                json.key("rule"); json.string(entry.rule)
                json.key("node"); json.string(entry.node)
                json.key("message"); json.string(entry.message)
                json.endObject()
            }
        }
        json.endArray()
        json.endObject()
    }
}
