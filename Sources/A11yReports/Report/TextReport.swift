import A11yEngines
import A11yModel
import A11yRules
import A11yText
/// A readable report for people at a terminal: findings grouped by the element they are on.
/// Every value that comes from the request (screen name, spoken text, identifiers, pointers,
/// messages quoting labels) goes through `TerminalText.escape`; only the report's own layout
/// and colour codes reach the terminal raw. With a baseline, each finding is marked `new` or
/// `unchanged` and the screen's entries no finding matched are listed as fixed.
public enum TextReport {
    public static func render(screens: [(name: String, report: AuditReport)], color: Bool,
                              baseline: BaselineComparison? = nil) -> String {
        render(screens: screens, color: color, baseline: baseline, check: .writing(.never))
    }

    /// `render(screens:color:baseline:)` that stops writing when `check` says so (the text is then partial).
    static func render(screens: [(name: String, report: AuditReport)], color: Bool, baseline: BaselineComparison?,
                       check: InterruptPoll) -> String {
        var out = ""
        for (index, screen) in screens.enumerated() {
            if check.stoppingNow() { break }
            out += render(name: screen.name, report: screen.report, color: color, states: baseline?.screens[index], check: check) + "\n"
        }
        return out
    }

    static func render(name: String, report: AuditReport, color: Bool, states: BaselineComparison.Screen? = nil,
                       check: InterruptPoll = .writing(.never)) -> String {
        let analysis = report.analysis
        let findings = report.run.findings
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func impactTag(_ f: Finding) -> String {
            let tag = f.outcome == .incomplete ? "check \(f.impact.rawValue)" : f.impact.rawValue
            switch (f.outcome, f.impact) {
            case (.incomplete, _): return paint(tag, "36")
            case (_, .critical), (_, .serious): return paint(tag, "1;31")
            case (_, .moderate): return paint(tag, "33")
            case (_, .minor): return paint(tag, "2")
            }
        }
        func t(_ value: String) -> String { TerminalText.escape(value) }
        // With a baseline: what a reviewer needs first, whether the finding is a regression.
        func baselineTag(_ index: Int) -> String {
            guard let states else { return "" }
            return states.states[index] == .new ? paint("new", "1") + "  " : "unchanged  "
        }
        func line(_ index: Int) -> String {
            let f = findings[index]
            let criteria = f.wcag.isEmpty ? "best practice" : "WCAG " + f.wcag.joined(separator: ", ")
            return "     \(baselineTag(index))\(impactTag(f))  \(t(f.rule)) (\(t(criteria))): \(t(f.message))\n"
        }

        var byElement: [Int: [Int]] = [:]
        var outside: [Int] = []
        for (index, f) in findings.enumerated() {
            if let e = analysis.element(ofNode: f.node) { byElement[e, default: []].append(index) } else { outside.append(index) }
        }
        // Counts cover every finding, listed or not; the listing says what it left out.
        let omitted = ImpactCounts(omittedFrom: report.run)
        var all = omitted
        for f in findings { all.add(f.impact) }
        var out = paint(t(name), "1") + ": " + counted(analysis.elements.count, "screen-reader stop")
            + ", " + counted(all.total, "finding")
        if all.total > 0 { out += " (" + all.text + ")" }
        if !report.run.suppressed.isEmpty { out += ", \(report.run.suppressed.count) suppressed" }
        if omitted.total > 0 { out += ", \(omitted.total) not listed (\(omitted.text))" }
        if let states {
            out += "; baseline: \(states.newCount) new, \(states.unchangedCount) unchanged, \(states.fixed.count) fixed"
        }
        out += "\n"
        if let display = analysis.document.androidDisplay {
            // An imported Android dump: the density its bounds were read at, and why.
            out += "   read at density \(NumberText.format(display.density)) (\(display.densitySource.rawValue))"
            if let reason = display.notTouchReason { out += "; " + t(reason) }
            out += "\n"
        }
        if let shot = analysis.document.screenshot { out += "  screenshot: " + t(shot.summary) + "\n" }
        for (index, e) in analysis.elements.enumerated() {
            if check.stopping() { return out }
            let spoken = e.spoken.isEmpty ? "(silent)" : "\"\(t(e.spoken))\""
            // A role guessed from a design's layer name says so (an imported Figma file).
            let guess = analysis.document.sourceMap?.roleGuess(of: e.node).map { "(role guessed from \"\($0)\")" }
            let where_ = [e.identifier.map(BoundedText.shown), place(of: e.node, named: e.identifier != nil, in: analysis), guess]
                .compactMap { $0 }.map(t).joined(separator: "  ")
            out += String(index + 1).leftPadded(4) + ". \(spoken)  " + paint(where_, "2") + "\n"
            for i in byElement[index] ?? [] { out += line(i) }
        }
        if !outside.isEmpty {
            out += "  Not on a screen-reader stop:\n"
            for i in outside {
                if check.stopping() { return out }
                let node = findings[i].node
                let named = analysis.document.nodes[node].id ?? analysis.identifier(ofNode: node).map(BoundedText.shown)
                let where_ = [named, place(of: node, named: named != nil, in: analysis)].compactMap { $0 }.map(t).joined(separator: "  ")
                out += "     " + paint(where_, "2") + "\n" + line(i)
            }
        }
        if let fixed = states?.fixed, !fixed.isEmpty {
            out += "  Fixed since the baseline:\n"
            for entry in fixed {
                if check.stopping() { return out }
                out += "     fixed  \(t(entry.rule ?? "?")) at \(t(entry.node ?? "?")): \(t(entry.message ?? entry.fingerprint))\n"
            }
        }
        // Rules that had nothing to look at are neither passed nor failed: say so.
        if !report.run.inapplicable.isEmpty {
            out += "  Inapplicable: " + report.run.inapplicable.map { "\(t($0.rule)) (\(t($0.reason)))" }.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// Where a node is, for a reader: a JSON tree's pointer (past `NodePaths.span` levels its
    /// top and last steps, `NodePaths.shortPointer`). An imported XML dump's element
    /// paths run 25 levels deep, so there the element is found by its line and column in the
    /// file, after its resource-id or accessibility id when it has one (`named`, shown beside
    /// it), else after the path's last step (`android.widget.Button[1]`), as in the short
    /// reports (`ElementName`).
    static func place(of node: Int, named: Bool, in analysis: Analysis) -> String {
        let pointer = NodePaths.shortPointer(of: node, in: analysis.document)
        guard let (line, column) = analysis.document.sourceMap?.location(of: node) else { return pointer }
        let at = "line \(line):\(column)"
        guard !named, let slash = pointer.lastIndex(of: "/") else { return at }
        return String(pointer[pointer.index(after: slash)...]) + " " + at
    }

    /// `1 finding`, `2 findings`, `0 findings`: the noun agrees with the count.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
