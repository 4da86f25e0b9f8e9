import A11yJSON
import A11yRules
/// A run of many screens written while it is audited, so memory holds a few screens rather
/// than all of them: a head, each screen's part in run order, then a tail. Parts are made on
/// any thread from one screen alone (`BatchFormat.part`); the writer adds up what the head
/// and tail need (`add`). The bytes are those the whole-run renderers write for the same
/// screens, except where a whole run looks ahead: SARIF gives a shared source its `#name`
/// from the second screen that uses it on (or within one input), and screen-less baseline
/// entries left over are listed under the last screen.
public struct BatchFormat: Sendable {
    public let format: OutputFormat
    public let pretty: Bool
    public let color: Bool
    public let hasBaseline: Bool

    public init(_ format: OutputFormat, pretty: Bool = false, color: Bool = false, hasBaseline: Bool) {
        self.format = format; self.pretty = pretty; self.color = color; self.hasBaseline = hasBaseline
    }

    /// Whether the head can only be written after the last screen (JUnit and HTML count the
    /// screens in it, SARIF lists their artifacts and rules): the caller keeps the parts
    /// elsewhere (a file) until then.
    public var headWaitsForScreens: Bool {
        switch format {
        case .json, .text, .report(.github): false
        case .report: true
        }
    }

    /// One screen's part of the body, and what the totals need of it.
    public struct Part: Sendable {
        public var body: [UInt8]
        var json: ResponseEncoder.BatchDigest?
        var junit = JUnitReport.Counts()
        var run = RuleRun()
        var navigation = ""
        var markdown = MarkdownReport.Totals()
        /// The screen's findings left out of its listing, when some were (SARIF says so in its head).
        var omission: SarifReport.Omission?
    }

    /// Screen `index` of the run (0-based), with its baseline states and, for SARIF, its place;
    /// `previous` is the run of the screen before it (JSON writes a screen's `rules.run` only
    /// when it differs from that one's: `RuleRun.rulesOnly` keeps what is read of it).
    public func part(_ screen: ScreenReport, index: Int, comparison: BaselineComparison.Screen?,
                     place: SarifPlacement.Place?, after previous: RuleRun? = nil) -> Part {
        var part = Part(body: [])
        part.omission = SarifReport.Omission(screen)
        switch format {
        case .json:
            part.body = ResponseEncoder.batchScreen(screen, index: index, comparison: comparison, pretty: pretty,
                                                    previous: previous)
            part.json = ResponseEncoder.BatchDigest(screen, index: index, comparison: comparison, pretty: pretty)
        case .text:
            part.body = Array((TextReport.render(name: screen.name, report: screen.report, color: color, states: comparison) + "\n").utf8)
        case .report(.junit):
            let (xml, counts) = JUnitReport.suite(screen, states: comparison)
            part.body = Array(xml.utf8)
            part.junit = counts
        case .report(.html):
            part.body = Array(HTMLReport.section(screen, number: index + 1, states: comparison).utf8)
            part.navigation = HTMLReport.navigationItem(screen, number: index + 1)
        case .report(.markdown):
            part.body = Array(MarkdownReport.section(screen, states: comparison).utf8)
            part.markdown.add(screen, states: comparison)
        case .report(.github):
            part.body = Array(GitHubAnnotations.lines(of: screen, states: comparison).utf8)
        case .report(.sarif):
            guard let place else { preconditionFailure("a SARIF part needs its place") }
            var json = JSONWriter(pretty: pretty, depth: SarifReport.resultsDepth, needsComma: false)
            SarifReport.writeResults(of: screen, at: place.location, rules: place.rules, states: comparison, into: &json)
            part.body = json.bytes
        }
        if case .report(.html) = format {
            part.run.findings = screen.report.run.findings
            part.run.omitted = screen.report.run.omitted
        }
        return part
    }
}

/// Adds up a batch's parts, in run order, for its head and tail.
public struct BatchWriter {
    public let format: BatchFormat
    private var screens = 0
    private var json: ResponseEncoder.BatchTotals
    private var junit = JUnitReport.Counts()
    private var html = HTMLReport.Totals()
    private var navigation: [String] = []
    private var omissions: [SarifReport.Omission] = []
    private var wroteResult = false
    private var new = 0, unchanged = 0, fixed = 0
    private var markdown = MarkdownReport.Totals()
    /// A screen was compared with a baseline (a file's own `options.baseline` counts).
    private var compared = false
    private var hasBaseline: Bool { format.hasBaseline || compared }

    public init(_ format: BatchFormat) {
        self.format = format
        json = ResponseEncoder.BatchTotals(pretty: format.pretty)
    }

    /// Counts `part` and returns the bytes to write for it.
    public mutating func add(_ part: Part, comparison: BaselineComparison.Screen?) -> [UInt8] {
        screens += 1
        if let omission = part.omission { omissions.append(omission) }
        if let comparison {
            compared = true
            new += comparison.newCount
            unchanged += comparison.unchangedCount
            fixed += comparison.fixed.count
        }
        switch format.format {
        case .json: json.add(part.json!)
        case .text: break
        case .report(.junit): junit.add(part.junit)
        case .report(.markdown): markdown.add(part.markdown)
        case .report(.github): break
        case .report(.html):
            html.add(part.run)
            navigation.append(part.navigation)
        case .report(.sarif):
            // Results were written as the first of their array: a ',' joins them to earlier ones.
            guard !part.body.isEmpty else { return [] }
            defer { wroteResult = true }
            if wroteResult { return [UInt8(ascii: ",")] + part.body }
        }
        return part.body
    }

    public typealias Part = BatchFormat.Part

    /// Everything before the first screen's part; for `headWaitsForScreens` formats, call it
    /// after the last part was added.
    public func head(sarif: SarifPlacement?) -> [UInt8] {
        switch format.format {
        case .json: return ResponseEncoder.batchHead(pretty: format.pretty)
        case .text: return []
        case .report(.junit): return Array(JUnitReport.head(junit).utf8)
        case .report(.markdown): return Array(MarkdownReport.head(markdown, hasBaseline: hasBaseline).utf8)
        case .report(.github): return []
        case .report(.html):
            var totals = html
            if hasBaseline { totals.baseline = (new, unchanged, fixed) }
            var text = HTMLReport.head(totals)
            if screens > 1 { text += HTMLReport.navigationHead + navigation.joined() + HTMLReport.navigationTail }
            return Array((text + HTMLReport.mainHead).utf8)
        case .report(.sarif):
            var json = JSONWriter(pretty: format.pretty)
            let placement = sarif ?? SarifPlacement(catalogue: RuleRegistry.all)
            SarifReport.writeHead(rules: placement.rules, artifacts: placement.artifacts, toolVersion: A11yAuditVersion.current,
                                  omissions: omissions, fixed: fixed, longScreenNames: placement.longScreenNames.names, into: &json)
            return json.bytes
        }
    }

    /// Everything after the last screen's part.
    public func tail() -> [UInt8] {
        switch format.format {
        case .json: return ResponseEncoder.batchTail(json, screens: screens, baseline: hasBaseline, pretty: format.pretty)
        case .text: return []
        case .report(.junit): return Array(JUnitReport.tail.utf8)
        case .report(.markdown), .report(.github): return []
        case .report(.html): return Array(HTMLReport.tail.utf8)
        case .report(.sarif):
            var json = JSONWriter(pretty: format.pretty, depth: SarifReport.resultsDepth, needsComma: wroteResult)
            SarifReport.writeTail(into: &json)
            return json.bytes
        }
    }
}
