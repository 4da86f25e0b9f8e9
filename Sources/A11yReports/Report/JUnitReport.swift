import A11yEngines
import A11yModel
import A11yRules
/// JUnit XML for CI test views: one `<testsuite>` per screen, one `<testcase>` per rule that
/// ran on it. A rule with violations fails with every violation listed; a rule with only
/// `incomplete` findings is skipped ("needs manual review"), and so is a rule that had nothing
/// to look at ("inapplicable: " and its reason), never passed; suppressed findings, and with a
/// baseline the unchanged ones, go to `<system-out>` so they are visible without failing.
public enum JUnitReport {
    public static func render(screens: [ScreenReport], baseline: BaselineComparison? = nil) -> [UInt8] {
        render(screens: screens, baseline: baseline, check: RenderCheck(.never))
    }

    /// `render(screens:baseline:)` that stops writing when `check` says so (the bytes are then partial).
    static func render(screens: [ScreenReport], baseline: BaselineComparison?, check: RenderCheck) -> [UInt8] {
        var suites: [String] = []
        var totals = Counts()
        for (screenIndex, screen) in screens.enumerated() {
            if check.now() { break }
            let (xml, counts) = suite(screen, states: baseline?.screens[screenIndex], check: check)
            suites.append(xml)
            totals.add(counts)
        }
        return Array((head(totals) + suites.joined() + tail).utf8)
    }

    /// The document up to the first suite: the root element carries the run's totals.
    static func head(_ totals: Counts) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"a11y-audit\"\(totals.attributes)>\n"
    }

    static let tail = "</testsuites>\n"

    struct Counts: Sendable {
        var tests = 0, failures = 0, skipped = 0
        mutating func add(_ other: Counts) {
            tests += other.tests; failures += other.failures; skipped += other.skipped
        }
        var attributes: String { " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\"" }
    }

    static func suite(_ screen: ScreenReport, states: BaselineComparison.Screen?,
                      check: RenderCheck = RenderCheck(.never)) -> (String, Counts) {
        let run = screen.report.run
        let analysis = screen.report.analysis
        let name = MarkupText.escape(screen.name)
        // Each rule's test case repeats it: the bounded form (the suite has the whole name).
        let classname = MarkupText.escape(BoundedName.of(screen.name))
        var counts = Counts()
        var cases = ""
        // Omitted findings by rule, with their index in `run.omitted` (for baseline states).
        var omittedOfRule: [String: [(Int, OmittedFinding)]] = [:]
        for (index, item) in run.omitted.enumerated() { omittedOfRule[item.rule, default: []].append((index, item)) }
        rules: for rule in ruleIDs(of: run) {
            counts.tests += 1
            var failing: [String] = [], review: [String] = [], known: [String] = []
            var worst: Impact?
            for (index, finding) in run.findings.enumerated() where finding.rule == rule {
                if check.item() { break rules }
                let line = describe(finding, in: analysis)
                if states?.states[index] == .unchanged {
                    known.append(line)
                } else if finding.outcome == .incomplete {
                    review.append(line)
                } else {
                    failing.append(line)
                    worst = max(worst ?? finding.impact, finding.impact)
                }
            }
            // Findings the listing left out still fail or skip their rule's case, and are counted.
            var failingOmitted = 0, reviewOmitted = 0, knownOmitted = 0
            for (index, item) in (omittedOfRule[rule] ?? []) {
                if states?.omittedStates[index] == .unchanged {
                    knownOmitted += 1
                } else if item.outcome == .incomplete {
                    reviewOmitted += 1
                } else {
                    failingOmitted += 1
                    worst = max(worst ?? item.impact, item.impact)
                }
            }
            if failingOmitted > 0 { failing.append(notListed(failingOmitted)) }
            if reviewOmitted > 0 { review.append(notListed(reviewOmitted)) }
            if knownOmitted > 0 { known.append(notListed(knownOmitted)) }
            let suppressed = run.suppressed.filter { $0.finding.rule == rule }.map { item in
                describe(item.finding, in: analysis) + " — suppressed" + (item.suppression.reason.map { ": " + $0 } ?? "")
            }
            cases += "    <testcase classname=\"\(classname)\" name=\"\(MarkupText.escape(rule))\">\n"
            if let worst {
                counts.failures += 1
                let total = failing.count - (failingOmitted > 0 ? 1 : 0) + failingOmitted
                let message = "\(total) violation\(total == 1 ? "" : "s") of \(rule)"
                cases += "      <failure message=\"\(MarkupText.escape(message))\" type=\"\(worst.rawValue)\">"
                cases += MarkupText.escape(failing.joined(separator: "\n")) + "</failure>\n"
            } else if let inapplicable = run.inapplicable.first(where: { $0.rule == rule }) {
                counts.skipped += 1
                cases += "      <skipped message=\"\(MarkupText.escape("inapplicable: " + inapplicable.reason))\"/>\n"
            } else if !review.isEmpty {
                counts.skipped += 1
                let total = review.count - (reviewOmitted > 0 ? 1 : 0) + reviewOmitted
                let message = "\(total) finding\(total == 1 ? " of \(rule) needs" : "s of \(rule) need") manual review"
                cases += "      <skipped message=\"\(MarkupText.escape(message))\">"
                cases += MarkupText.escape(review.joined(separator: "\n")) + "</skipped>\n"
            }
            var notes: [String] = []
            if worst != nil && !review.isEmpty { notes.append("Needs manual review:\n" + review.joined(separator: "\n")) }
            if !known.isEmpty { notes.append("In the baseline (unchanged):\n" + known.joined(separator: "\n")) }
            if !suppressed.isEmpty { notes.append("Suppressed:\n" + suppressed.joined(separator: "\n")) }
            if !notes.isEmpty {
                cases += "      <system-out>" + MarkupText.escape(notes.joined(separator: "\n\n")) + "</system-out>\n"
            }
            cases += "    </testcase>\n"
        }
        var xml = "  <testsuite name=\"\(name)\"\(counts.attributes)>\n"
        xml += "    <properties>\n"
        xml += "      <property name=\"source\" value=\"\(MarkupText.escape(screen.source))\"/>\n"
        xml += "      <property name=\"elements\" value=\"\(analysis.elements.count)\"/>\n"
        if let shot = analysis.document.screenshot {
            xml += "      <property name=\"screenshot\" value=\"\(MarkupText.escape(shot.summary))\"/>\n"
        }
        xml += "    </properties>\n"
        xml += cases
        if let fixed = states?.fixed, !fixed.isEmpty {
            let lines = fixed.prefix { _ in !check.item() }.map { entry in
                "[\(entry.rule ?? "?")] \(entry.node ?? "?") \(entry.message ?? "") (fingerprint \(entry.fingerprint))"
            }
            xml += "    <system-out>" + MarkupText.escape("Fixed since the baseline:\n" + lines.joined(separator: "\n")) + "</system-out>\n"
        }
        xml += "  </testsuite>\n"
        return (xml, counts)
    }

    /// Rules that ran, in run order, plus any rule that has findings but was not listed
    /// (so a finding can never vanish from the report).
    private static func ruleIDs(of run: RuleRun) -> [String] {
        var ids = run.rulesRun
        var seen = Set(ids)
        for rule in run.findings.lazy.map(\.rule) + run.omitted.lazy.map(\.rule) where !seen.contains(rule) {
            seen.insert(rule)
            ids.append(rule)
        }
        return ids
    }

    /// The line that stands for `count` findings a listing cap left out.
    private static func notListed(_ count: Int) -> String {
        "… and \(count) more not listed (past the findings cap or the output budget; counted in the totals)"
    }

    private static func describe(_ finding: Finding, in analysis: Analysis) -> String {
        let context = FindingContext(finding, in: analysis)
        var line = "[\(finding.impact.rawValue)] \(context.whereText): \(finding.message) (WCAG \(finding.criteriaText))"
        if let spoken = context.spoken { line += " — \(analysis.document.platform.screenReader): \"\(spoken)\"" }
        return line
    }
}
