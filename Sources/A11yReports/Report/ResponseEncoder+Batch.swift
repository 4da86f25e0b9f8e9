import A11yJSON
import A11yRules
/// The batch response `{"screens": [...], "summary": {...}}` written a screen at a time: the
/// head, each screen's object (on any thread, from that screen alone), and a tail whose
/// summary is added up from what each screen left in `BatchTotals`. The bytes are those
/// `json(_ run:)` writes for the same screens.
extension ResponseEncoder {
    /// `{"screens":[`
    static func batchHead(pretty: Bool) -> [UInt8] {
        var w = JSONWriter(pretty: pretty)
        w.beginObject()
        w.staticKey("screens")
        w.beginArray()
        return w.bytes
    }

    /// Screen `index` of the `screens` array (a `,` first unless it is the first).
    /// `previous` is the rule lists of the screen before it (nil for the first, or when not
    /// known: its `rules.run` and `rules.inapplicable` are then written).
    static func batchScreen(_ screen: ScreenReport, index: Int, comparison: BaselineComparison.Screen?, pretty: Bool,
                            previous: RuleRun? = nil) -> [UInt8] {
        let report = screen.report
        var w = JSONWriter(pretty: pretty, depth: 2, needsComma: index > 0,
                           capacity: 4096 + 400 * report.analysis.elements.count + 512 * report.run.findings.count)
        let single = comparison.map { BaselineComparison(screens: [$0]) }
        withUnsafePointer(to: screen) { pointer in
            w.beginObject()
            w.staticKey("name"); w.string(screen.name)
            writeMembers(ScreenList(UnsafeBufferPointer(start: pointer, count: 1)), screen: 0, comparison: single,
                         batch: BatchScreenRules(previous: previous), into: &w)
            w.endObject()
        }
        return w.bytes
    }

    /// What the run's summary needs of one screen, kept after the screen is gone.
    struct BatchDigest: Sendable {
        var counts = SummaryCounts()
        /// The run with its findings left out: which rules ran, passed, were incomplete.
        var rules = RuleRun()
        /// The screen's members of `summary.suppressed.findings`, written where they go.
        var suppressed: [UInt8] = []
        var new = 0, unchanged = 0
        var fixed: [(screen: String?, entry: Baseline.Entry)] = []

        init(_ screen: ScreenReport, index: Int, comparison: BaselineComparison.Screen?, pretty: Bool) {
            withUnsafePointer(to: screen.report) { report in
                counts.add(report)
                var w = JSONWriter(pretty: pretty, depth: 4, needsComma: false)
                writeSuppressedFindings(of: report, screen: index, into: &w)
                suppressed = w.bytes
            }
            rules.ran = screen.report.run.ran
            rules.passed = screen.report.run.passed
            rules.incomplete = screen.report.run.incomplete
            rules.inapplicable = screen.report.run.inapplicable
            if let comparison {
                new = comparison.newCount
                unchanged = comparison.unchangedCount
                fixed = comparison.fixed.map { (BaselineComparison.fixedScreen(screen.name, $0, one: false), $0) }
            }
        }
    }

    /// The run's summary, added up screen by screen.
    struct BatchTotals {
        var counts = SummaryCounts()
        var runs: [RuleRun] = []
        var suppressed: JSONWriter
        var new = 0, unchanged = 0
        var fixed: [(screen: String?, entry: Baseline.Entry)] = []

        init(pretty: Bool) { suppressed = JSONWriter(pretty: pretty, depth: 4, needsComma: false) }

        mutating func add(_ digest: BatchDigest) {
            counts.add(digest.counts)
            runs.append(digest.rules)
            suppressed.continuation(digest.suppressed)
            new += digest.new; unchanged += digest.unchanged
            fixed += digest.fixed
        }
    }

    /// `],"summary":{...}}` after `screens` screens.
    static func batchTail(_ totals: BatchTotals, screens: Int, baseline: Bool, pretty: Bool) -> [UInt8] {
        var totals = totals
        var w = JSONWriter(pretty: pretty, depth: 2, needsComma: screens > 0)
        w.endArray()
        w.staticKey("summary")
        w.beginObject()
        totals.counts.write(into: &w)
        w.staticKey("rules")
        writeRuleLists(totals.runs, into: &w)
        w.staticKey("suppressed")
        w.beginObject()
        w.staticKey("count"); w.int(totals.counts.suppressedCount)
        w.staticKey("findings")
        w.beginArray()
        w.continuation(totals.suppressed.bytes)
        w.endArray()
        w.endObject()
        if baseline {
            w.staticKey("baseline")
            BaselineComparison.writeSummary(new: totals.new, unchanged: totals.unchanged, fixed: totals.fixed, into: &w)
        }
        w.endObject()
        w.endObject()
        if pretty { w.finalNewline() }
        return w.bytes
    }
}
