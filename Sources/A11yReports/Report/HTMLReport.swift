import A11yEngines
import A11yModel
import A11yRules
/// One self-contained HTML page for people: per screen a wireframe with the screen-reader
/// stops numbered, the stops with what the screen reader says, and the findings. No scripts, no
/// external resources; landmarks, headings and captioned tables for screen-reader users.
public enum HTMLReport {
    public static func render(screens: [ScreenReport], baseline: BaselineComparison? = nil, title: String = "Accessibility audit") -> [UInt8] {
        render(screens: screens, baseline: baseline, title: title, check: .writing(.never))
    }

    /// `render(screens:baseline:title:)` that stops writing when `check` says so (the bytes are then partial).
    static func render(screens: [ScreenReport], baseline: BaselineComparison?, title: String = "Accessibility audit",
                       check: InterruptPoll) -> [UInt8] {
        var totals = Totals()
        for screen in screens { totals.add(screen.report.run) }
        if let baseline { totals.baseline = (baseline.newCount, baseline.unchangedCount, baseline.fixedCount) }
        var html = head(totals, title: title)
        if screens.count > 1 {
            html += navigationHead
            for (index, screen) in screens.enumerated() { html += navigationItem(screen, number: index + 1) }
            html += navigationTail
        }
        html += mainHead
        for (index, screen) in screens.enumerated() {
            if check.stoppingNow() { break }
            html += section(screen, number: index + 1, states: baseline?.screens[index], check: check)
        }
        html += tail
        return Array(html.utf8)
    }

    /// What the title and header count: screens, violations and findings to review, and with a
    /// baseline how many are new, known and fixed.
    struct Totals: Sendable {
        var screens = 0, violations = 0, findings = 0
        var baseline: (new: Int, known: Int, fixed: Int)?

        mutating func add(_ run: RuleRun) {
            screens += 1
            // Findings past the listing's caps count as listed ones do.
            findings += run.findings.count + run.omitted.count
            violations += run.findings.count(where: { $0.outcome == .violation }) + run.omitted.count(where: { $0.outcome == .violation })
        }

        var text: String {
            let review = findings - violations
            var text = "\(screens) screen\(screens == 1 ? "" : "s"), \(violations) violation\(violations == 1 ? "" : "s"), \(review) to review"
            if let baseline {
                text += " (baseline: \(baseline.new) new, \(baseline.known) known, \(baseline.fixed) fixed)"
            }
            return text
        }
    }

    /// The page up to the navigation (which only a run of several screens has).
    static func head(_ totals: Totals, title: String = "Accessibility audit") -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // <title> holds text only (no elements), so plain escaping.
        html += "<title>\(MarkupText.escape(title)): \(MarkupText.escape(totals.text))</title>\n"
        html += "<style>\n\(HTMLStyle.css)\n</style>\n</head>\n<body>\n"
        html += "<a class=\"skip\" href=\"#main\">Skip to the report</a>\n"
        html += "<header>\n<h1>\(e(title))</h1>\n<p class=\"summary\">\(e(totals.text))</p>\n</header>\n"
        return html
    }

    static let navigationHead = "<nav aria-label=\"Screens\">\n<h2>Screens</h2>\n<ul>\n"
    static let navigationTail = "</ul>\n</nav>\n"
    static let mainHead = "<main id=\"main\">\n"

    static func navigationItem(_ screen: ScreenReport, number: Int) -> String {
        "<li><a href=\"#screen-\(number)\">\(e(screen.name))</a>: \(e(counts(screen.report.run)))</li>\n"
    }

    static var tail: String {
        "</main>\n<footer>\n<p>Made by a11y-audit. Stops are numbered in the order the screen reader visits them. "
            + "Outline styles: " + Impact.allCases.reversed().map { "\($0.rawValue) \(HTMLStyle.look($0).lineName)" }.joined(separator: ", ")
            + ".</p>\n</footer>\n</body>\n</html>\n"
    }

    static func section(_ screen: ScreenReport, number: Int, states: BaselineComparison.Screen?,
                        check: InterruptPoll = .writing(.never)) -> String {
        let id = "screen-\(number)"
        let report = screen.report
        let analysis = report.analysis
        var html = "<section id=\"\(id)\" aria-labelledby=\"\(id)-title\">\n"
        html += "<h2 id=\"\(id)-title\">\(e(screen.name))</h2>\n"
        let stops = analysis.elements.count
        html += "<p class=\"summary\">\(stops) stop\(stops == 1 ? "" : "s"). \(e(counts(report.run)))</p>\n"
        html += "<div class=\"screen-layout\">\n"
        let wireframe = HTMLWireframe(screen: screen, idPrefix: id)
        // The wireframe is drawn in one go (one shape per node and stop): ask once it is.
        let svg = wireframe.render()
        if check.stoppingNow() { return html }
        if let svg {
            html += "<figure>\n\(svg)\n<figcaption>"
            if let shot = analysis.document.screenshot { html += "Drawn over the screenshot \(e(shot.summary)).\n" }
            html += "Numbers are screen-reader stops in reading order.\n<ul class=\"legend\">\n"
            for impact in Impact.allCases.reversed() {
                let look = HTMLStyle.look(impact)
                html += "<li><svg aria-hidden=\"true\" width=\"28\" height=\"12\"><line x1=\"1\" y1=\"6\" x2=\"27\" y2=\"6\" stroke=\"\(look.color)\" stroke-width=\"\(MarkupText.number(look.strokeWidth))\""
                if let dash = look.dash { html += " stroke-dasharray=\"\(dash)\"" }
                html += "/></svg>\(impact.rawValue.prefix(1).uppercased() + impact.rawValue.dropFirst()) (\(look.lineName))</li>\n"
            }
            html += "</ul>\n</figcaption>\n</figure>\n"
        } else {
            html += "<p class=\"muted\">No frames in this tree, so there is no wireframe.</p>\n"
        }
        html += "<div class=\"tables\">\n"
        html += stopsTable(screen, id: id, worst: wireframe.worstImpactByElement(), check: check)
        html += "</div>\n</div>\n"
        html += findingsTable(screen, id: id, states: states, check: check)
        html += inapplicableNote(screen.report.run)
        html += suppressedTable(screen, id: id, check: check)
        if let fixed = states?.fixed, !fixed.isEmpty {
            html += "<h3 id=\"\(id)-fixed\">Fixed since the baseline</h3>\n<ul>\n"
            for entry in fixed {
                if check.stopping() { return html }
                html += "<li><code>\(e(entry.rule ?? "?"))</code> at <code>\(e(entry.node ?? "?"))</code>: \(e(entry.message ?? entry.fingerprint))</li>\n"
            }
            html += "</ul>\n"
        }
        html += "</section>\n"
        return html
    }

    private static func stopsTable(_ screen: ScreenReport, id: String, worst: [Int: Impact], check: InterruptPoll) -> String {
        let analysis = screen.report.analysis
        let reader = analysis.document.platform.screenReader
        var html = "<h3 id=\"\(id)-stops\">Reading order</h3>\n"
        guard !analysis.elements.isEmpty else { return html + "<p>The screen reader finds nothing to visit on this screen.</p>\n" }
        html += "<table>\n<caption>Screen-reader stops of \(e(screen.name)), in reading order</caption>\n"
        html += "<thead><tr><th scope=\"col\">Stop</th><th scope=\"col\">\(reader) says</th><th scope=\"col\">Identifier</th><th scope=\"col\">Worst finding</th></tr></thead>\n<tbody>\n"
        for (index, element) in analysis.elements.enumerated() {
            if check.stopping() { return html }
            html += "<tr><th scope=\"row\" class=\"num\">\(index + 1)</th>"
            html += "<td class=\"spoken\">\(e(element.spoken))</td>"
            html += "<td>\(element.identifier.map { "<code>\(e(BoundedText.shown($0)))</code>" } ?? "<span class=\"muted\">none</span>")</td>"
            html += "<td>\(worst[index].map(impactBadge) ?? "<span class=\"muted\">none</span>")</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// Rules that had nothing to look at, with their reasons: not passed, not failed.
    private static func inapplicableNote(_ run: RuleRun) -> String {
        guard !run.inapplicable.isEmpty else { return "" }
        let items = run.inapplicable.map { "<code>\(e($0.rule))</code> (\(e($0.reason)))" }
        return "<p class=\"muted\">Inapplicable, nothing to look at: " + items.joined(separator: ", ") + ".</p>\n"
    }

    private static func findingsTable(_ screen: ScreenReport, id: String, states: BaselineComparison.Screen?,
                                      check: InterruptPoll) -> String {
        let run = screen.report.run
        let reader = screen.report.analysis.document.platform.screenReader
        var html = "<h3 id=\"\(id)-findings\">Findings</h3>\n"
        guard !run.findings.isEmpty || !run.omitted.isEmpty else { return html + "<p>No findings: every rule that ran passed\(run.inapplicable.isEmpty ? "" : " or was inapplicable").</p>\n" }
        let omitted = ImpactCounts(omittedFrom: run)
        if omitted.total > 0 {
            html += "<p class=\"summary\">\(omitted.total) finding\(omitted.total == 1 ? " is" : "s are") not listed here "
            html += "(\(omitted.text)): past the findings cap or the output budget. The counts above include them.</p>\n"
        }
        guard !run.findings.isEmpty else { return html }
        // One group per rule, in the order the rules first occur in reading order: a heading
        // with the rule's count by impact, its WCAG Understanding links and its help in the
        // words of the input's platform, then its findings in reading order.
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (index, finding) in run.findings.enumerated() {
            if members[finding.rule] == nil { order.append(finding.rule) }
            members[finding.rule, default: []].append(index)
        }
        let document = screen.report.analysis.document
        for (number, rule) in order.enumerated() {
            let indices = members[rule] ?? []
            var counts = ImpactCounts()
            for index in indices { counts.add(run.findings[index].impact) }
            let first = run.findings[indices[0]]
            html += "<h4 id=\"\(id)-rule-\(number + 1)\"><code>\(e(rule))</code>: \(indices.count) finding\(indices.count == 1 ? "" : "s") (\(e(counts.text)))</h4>\n"
            let links = first.wcag.compactMap(WCAGCriteria.criterion).map {
                "<a href=\"\(MarkupText.escape($0.understandingURI))\">WCAG \(e($0.number)) \(e($0.title))</a>"
            }
            html += "<p class=\"rule-help\">\(links.isEmpty ? "Best practice" : links.joined(separator: ", "))"
            if let definition = RuleRegistry.rule(id: rule) { html += ". Fix: " + e(PlatformHelp.help(definition, in: document)) }
            html += "</p>\n"
            html += "<table>\n<caption>\(e(rule)) on \(e(screen.name)), in reading order</caption>\n<thead><tr>"
            html += "<th scope=\"col\">Impact</th><th scope=\"col\">Rule</th><th scope=\"col\">WCAG</th><th scope=\"col\">Stop</th>"
            html += "<th scope=\"col\">\(reader) says</th><th scope=\"col\">Problem</th><th scope=\"col\">Node</th>"
            if states != nil { html += "<th scope=\"col\">Baseline</th>" }
            html += "</tr></thead>\n<tbody>\n"
            for index in indices {
                if check.stopping() { return html }
                html += findingRow(run.findings[index], in: screen.report.analysis)
                if let states { html += "<td>\(states.states[index] == .new ? "<strong>new</strong>" : "known")</td>" }
                html += "</tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        return html
    }

    private static func suppressedTable(_ screen: ScreenReport, id: String, check: InterruptPoll) -> String {
        let suppressed = screen.report.run.suppressed
        guard !suppressed.isEmpty else { return "" }
        let reader = screen.report.analysis.document.platform.screenReader
        var html = "<h3 id=\"\(id)-suppressed\">Suppressed findings</h3>\n"
        html += "<table>\n<caption>Findings on \(e(screen.name)) suppressed by the request</caption>\n<thead><tr>"
        html += "<th scope=\"col\">Impact</th><th scope=\"col\">Rule</th><th scope=\"col\">WCAG</th><th scope=\"col\">Stop</th>"
        html += "<th scope=\"col\">\(reader) says</th><th scope=\"col\">Problem</th><th scope=\"col\">Node</th><th scope=\"col\">Reason</th>"
        html += "</tr></thead>\n<tbody>\n"
        for item in suppressed {
            if check.stopping() { return html }
            html += findingRow(item.finding, in: screen.report.analysis)
            html += "<td>\(e(item.suppression.reason ?? "no reason given"))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// An open `<tr>` with the cells every findings table shares.
    private static func findingRow(_ finding: Finding, in analysis: Analysis) -> String {
        let context = FindingContext(finding, in: analysis)
        var html = "<tr><td>\(impactBadge(finding.impact))"
        if finding.outcome == .incomplete { html += "<br><span class=\"muted\">needs review</span>" }
        html += "</td><td class=\"rule\"><code>\(e(finding.rule))</code></td>"
        html += "<td>\(e(finding.criteriaText))</td>"
        html += "<td class=\"num\">\(context.stop.map(String.init) ?? "<span class=\"muted\">none</span>")</td>"
        html += "<td class=\"spoken\">\(context.spoken.map(e) ?? "<span class=\"muted\">not read</span>")</td>"
        html += "<td>\(e(finding.message))</td><td><code>\(e(context.pointer))</code>"
        if let identifier = context.identifier { html += "<br><code>\(e(identifier))</code>" }
        return html + "</td>"
    }

    private static func impactBadge(_ impact: Impact) -> String {
        "<span class=\"impact impact-\(impact.rawValue)\">\(impact.rawValue)</span>"
    }

    private static func counts(_ run: RuleRun) -> String {
        let violations = run.findings.count(where: { $0.outcome == .violation }) + run.omitted.count(where: { $0.outcome == .violation })
        let review = run.findings.count + run.omitted.count - violations
        var parts = ["\(violations) violation\(violations == 1 ? "" : "s")", "\(review) to review"]
        if !run.suppressed.isEmpty { parts.append("\(run.suppressed.count) suppressed") }
        return parts.joined(separator: ", ") + "."
    }

    /// Every `e` is element content: request text there is escaped and bidi-isolated.
    private static func e(_ text: String) -> String { MarkupText.isolated(text) }
}
