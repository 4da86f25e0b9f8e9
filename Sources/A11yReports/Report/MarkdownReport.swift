import A11yRules
/// The markdown report: a summary made for a pull-request
/// comment or `$GITHUB_STEP_SUMMARY` (GitHub-flavoured Markdown): counts by impact and by rule
/// with each rule's WCAG Understanding page, the top findings with their help links, and with
/// a baseline what is new and what was fixed. Counts include findings a listing left out.
/// Request text (labels, names, messages) goes through `MarkdownText.cell`, so it can neither
/// break a table nor inject HTML or links.
public enum MarkdownReport {
    /// Findings listed per screen (the rest are counted).
    static let topFindings = 25
    /// Fixed baseline entries listed (the rest are counted).
    static let fixedListed = 25

    public static func render(screens: [ScreenReport], baseline: BaselineComparison? = nil) -> [UInt8] {
        var totals = Totals()
        for (s, screen) in screens.enumerated() { totals.add(screen, states: baseline?.screens[s]) }
        var out = head(totals, hasBaseline: baseline != nil)
        for (s, screen) in screens.enumerated() { out += section(screen, states: baseline?.screens[s]) }
        return Array(out.utf8)
    }

    /// What the head needs of every screen: counts by impact and rule, baseline states and
    /// the first fixed entries (a streamed batch adds them screen by screen).
    struct Totals: Sendable {
        var screens = 0
        var counts = ImpactCounts()
        var byRule: [String: (count: Int, wcag: [String])] = [:]
        var ruleOrder: [String] = []
        var new = 0, unchanged = 0, fixed = 0
        var fixedListed: [(screen: String, entry: Baseline.Entry)] = []

        mutating func add(_ screen: ScreenReport, states: BaselineComparison.Screen?) {
            screens += 1
            let run = screen.report.run
            for (f, finding) in run.findings.enumerated() {
                count(finding.rule, finding.impact, finding.wcag)
                if let states { if states.states[f] == .new { new += 1 } else { unchanged += 1 } }
            }
            for (o, omitted) in run.omitted.enumerated() {
                count(omitted.rule, omitted.impact, RuleRegistry.rule(id: omitted.rule)?.wcag ?? [])
                if let states, o < states.omittedStates.count {
                    if states.omittedStates[o] == .new { new += 1 } else { unchanged += 1 }
                }
            }
            for entry in states?.fixed ?? [] {
                fixed += 1
                if fixedListed.count < MarkdownReport.fixedListed { fixedListed.append((screen.name, entry)) }
            }
        }

        mutating func add(_ other: Totals) {
            screens += other.screens
            counts.add(other.counts)
            for rule in other.ruleOrder {
                if byRule[rule] == nil { ruleOrder.append(rule); byRule[rule] = (0, other.byRule[rule]!.wcag) }
                byRule[rule]!.count += other.byRule[rule]!.count
            }
            new += other.new; unchanged += other.unchanged; fixed += other.fixed
            fixedListed += other.fixedListed.prefix(MarkdownReport.fixedListed - fixedListed.count)
        }

        private mutating func count(_ rule: String, _ impact: Impact, _ wcag: [String]) {
            counts.add(impact)
            if byRule[rule] == nil { ruleOrder.append(rule); byRule[rule] = (0, wcag) }
            byRule[rule]!.count += 1
        }
    }

    /// The summary: counts by impact and rule, baseline states, fixed entries.
    static func head(_ totals: Totals, hasBaseline: Bool) -> String {
        var out = "## Accessibility audit: \(plural(totals.counts.total, "finding")) on \(plural(totals.screens, "screen"))\n\n"
        if hasBaseline {
            out += "**\(totals.new) new**, \(totals.unchanged) unchanged, \(totals.fixed) fixed since the baseline.\n\n"
        }
        if totals.counts.total > 0 {
            out += "| Impact | Findings |\n|---|---:|\n"
            let c = totals.counts
            for (name, n) in [("critical", c.critical), ("serious", c.serious), ("moderate", c.moderate), ("minor", c.minor)] where n > 0 {
                out += "| \(name) | \(n) |\n"
            }
            out += "\n### By rule\n\n| Rule | Findings | WCAG |\n|---|---:|---|\n"
            let rules = totals.ruleOrder.sorted {
                let a = totals.byRule[$0]!.count, b = totals.byRule[$1]!.count
                return a != b ? a > b : $0 < $1
            }
            for rule in rules {
                let entry = totals.byRule[rule]!
                out += "| `\(MarkdownText.code(rule))` | \(entry.count) | \(criteriaLinks(entry.wcag)) |\n"
            }
        }
        if totals.fixed > 0 {
            out += "\n### Fixed since the baseline\n\n| Screen | Rule | Was |\n|---|---|---|\n"
            for (screen, entry) in totals.fixedListed {
                let rule = entry.rule.map { "`\(MarkdownText.code($0))`" } ?? ""
                out += "| \(MarkdownText.cell(screen)) | \(rule) | \(MarkdownText.cell(entry.message ?? entry.node ?? entry.fingerprint)) |\n"
            }
            if totals.fixed > totals.fixedListed.count { out += "\n… and \(totals.fixed - totals.fixedListed.count) more fixed.\n" }
        }
        return out
    }

    /// One screen's top findings: new before unchanged, then violations by impact, then those
    /// needing review, in run order otherwise. Nothing for a screen without findings.
    static func section(_ screen: ScreenReport, states: BaselineComparison.Screen?) -> String {
        let run = screen.report.run
        let transcript = states?.transcript.map { transcriptDiff(screen, baseline: $0) } ?? ""
        guard !run.findings.isEmpty || !run.omitted.isEmpty else {
            return transcript.isEmpty ? "" : "\n### \(MarkdownText.cell(screen.name))\n" + transcript
        }
        func rank(_ f: Int) -> Int {
            let finding = run.findings[f]
            let isNew = states.map { $0.states[f] == .new } ?? true
            return (isNew ? 0 : 100) + (finding.outcome == .violation ? 0 : 10) + (3 - impactOrder(finding.impact))
        }
        let listed = run.findings.indices.sorted { (rank($0), $0) < (rank($1), $1) }.prefix(topFindings)
        var out = "\n### \(MarkdownText.cell(screen.name))\n\n| Impact | Element | Finding | Help |\n|---|---|---|---|\n"
        for f in listed {
            let finding = run.findings[f]
            let context = FindingContext(finding, in: screen.report.analysis)
            let element = ElementName.of(context, in: screen.report.analysis)
            var impact = finding.impact.rawValue + (finding.outcome == .violation ? "" : " (review)")
            if let states { impact += states.states[f] == .new ? ", **new**" : ", unchanged" }
            let help = RuleHelp.url(of: finding).map { "[WCAG \(MarkdownText.cell(finding.wcag.first ?? ""))](\($0))" } ?? ""
            out += "| \(impact) | `\(MarkdownText.code(element))` | \(MarkdownText.cell(finding.message)) | \(help) |\n"
        }
        let total = run.findings.count + run.omitted.count
        if total > listed.count { out += "\n… and \(total - listed.count) more on this screen (see the full report).\n" }
        return out + transcript
    }

    /// Diff lines shown per screen (the rest are counted).
    static let transcriptLines = 60
    /// Unchanged stops shown before and after each change.
    static let transcriptContext = 1

    /// How the screen sounds now against the baseline: a `diff` block of stops removed (`-`)
    /// and added (`+`), a changed stop as both, a few unchanged stops around each change and
    /// `@@ N unchanged stops @@` for the rest. Nothing when the screen sounds the same.
    static func transcriptDiff(_ screen: ScreenReport, baseline: SpokenTranscript) -> String {
        let now = SpokenTranscript(screen.report.analysis)
        let diff = TranscriptDiff(from: baseline.stops, to: now.stops)
        guard diff.hasChanges || baseline.leftOut != now.leftOut else { return "" }
        let (added, removed, changed) = diff.counts
        var counts: [String] = []
        if added > 0 { counts.append("\(plural(added, "stop")) added") }
        if removed > 0 { counts.append("\(plural(removed, "stop")) removed") }
        if changed > 0 { counts.append("\(plural(changed, "stop")) \(changed == 1 ? "sounds" : "sound") different") }
        let reader = screen.report.analysis.document.platform.screenReader
        var out = "\n#### What \(reader) says, against the baseline\n\n"
        if !counts.isEmpty { out += counts.joined(separator: ", ") + ".\n\n" }
        // Lines near a change are shown; runs of unchanged stops beyond them are counted.
        let changedAt = diff.lines.indices.filter { if case .same = diff.lines[$0] { false } else { true } }
        var shown = [Bool](repeating: false, count: diff.lines.count)
        for index in changedAt {
            for near in max(0, index - transcriptContext)...min(diff.lines.count - 1, index + transcriptContext) { shown[near] = true }
        }
        var body: [String] = []
        var hidden = 0, lastHidden = ""
        // A single unchanged stop is shown rather than counted: the count would take its line.
        func closeHidden() {
            if hidden == 1 { body.append("  " + MarkdownText.fenced(lastHidden)) }
            if hidden > 1 { body.append("@@ \(plural(hidden, "unchanged stop")) @@") }
            hidden = 0
        }
        for (index, line) in diff.lines.enumerated() {
            guard shown[index] else {
                hidden += 1
                if case .same(let text) = line { lastHidden = text }
                continue
            }
            closeHidden()
            switch line {
            case .same(let text): body.append("  " + MarkdownText.fenced(text))
            case .removed(let text): body.append("- " + MarkdownText.fenced(text))
            case .added(let text): body.append("+ " + MarkdownText.fenced(text))
            }
        }
        closeHidden()
        // Empty when only the stops past the cap differ (their count says so below).
        if diff.hasChanges { out += "```diff\n" + body.prefix(transcriptLines).joined(separator: "\n") + "\n```\n" }
        if body.count > transcriptLines { out += "\n… and \(body.count - transcriptLines) more lines of the transcript diff.\n" }
        if baseline.leftOut > 0 || now.leftOut > 0 {
            out += (diff.hasChanges ? "\n" : "") + "Only the first \(SpokenTranscript.maxStops) stops are compared (left out: \(baseline.leftOut) in the baseline, \(now.leftOut) now).\n"
        }
        return out
    }

    private static func criteriaLinks(_ wcag: [String]) -> String {
        wcag.map { number in
            guard let criterion = WCAGCriteria.criterion(number) else { return MarkdownText.cell(number) }
            return "[\(number) \(MarkdownText.cell(criterion.title))](\(criterion.understandingURI))"
        }.joined(separator: ", ")
    }

    private static func impactOrder(_ impact: Impact) -> Int {
        switch impact { case .minor: 0; case .moderate: 1; case .serious: 2; case .critical: 3 }
    }

    private static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}

/// Request text inside GitHub-flavoured Markdown. A table cell holds it as plain text: every
/// ASCII punctuation character Markdown gives meaning to is backslash-escaped (CommonMark
/// §2.4, and GFM's `\|` inside tables), `&`, `<`, `>` become entities (no raw HTML, no
/// autolinks), line breaks and other control characters become spaces or U+FFFD, so one
/// finding stays one row.
enum MarkdownText {
    static func cell(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n", "\r", "\t": out += " "
            // `:` and `@` too, so no GFM autolink (`https://…`, `a@b.c`) can form.
            case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!", "|", "~", ":", "@":
                out += "\\"; out.unicodeScalars.append(c)
            case _ where c.isControlOrBidi: out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A stop's text on one line of a fenced code block: no Markdown is read there, but a line
    /// starting with a backtick fence would end the block, so backticks become `ˋ` (U+02CB);
    /// line breaks become spaces, other control and bidi characters U+FFFD; "" (a stop that
    /// says nothing) is `(silent)`.
    static func fenced(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "`": out += "\u{02CB}"
            case "\n", "\r", "\t": out += " "
            case _ where c.isControlOrBidi || c.value == 0x2028 || c.value == 0x2029: out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out.isEmpty ? "(silent)" : out
    }

    /// Text inside a one-backtick code span in a table: no backslash escapes work there except
    /// GFM's `\|`, so backticks (which would end the span) become `ˋ` (U+02CB) and `|` `\|`.
    static func code(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "`": out += "\u{02CB}"
            case "|": out += "\\|"
            case "\n", "\r", "\t": out += " "
            case _ where c.isControlOrBidi: out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out.isEmpty ? " " : out
    }
}
