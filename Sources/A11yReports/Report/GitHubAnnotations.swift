import A11yEngines
import A11yRules
/// GitHub annotations: one GitHub Actions workflow command a finding, so findings show inline
/// in a pull request's diff without code scanning:
///
///     ::error file=screens/login.json,line=12,col=5,title=target-size (WCAG 2.5.8)::Target is 30x30 ...
///
/// Critical and serious violations are `error`, moderate `warning`, minor and findings that
/// need review (`incomplete`) `notice`. Suppressed findings are left out; with a baseline, so
/// are unchanged ones (only what this change brings is annotated). Text follows the runner's
/// escaping (actions/toolkit `command.ts`): in the message `%`, CR and LF become `%25`, `%0D`,
/// `%0A`; in properties `:` and `,` also become `%3A`, `%2C`, so a label cannot end a property
/// or start a second command. Each command is one line.
public enum GitHubAnnotations {
    public static func render(screens: [ScreenReport], baseline: BaselineComparison? = nil) -> [UInt8] {
        var out = ""
        for (s, screen) in screens.enumerated() { out += lines(of: screen, states: baseline?.screens[s]) }
        return Array(out.utf8)
    }

    /// One screen's commands (a streamed batch writes them screen by screen).
    static func lines(of screen: ScreenReport, states: BaselineComparison.Screen?) -> String {
        var out = ""
        // Repeated on every line, so long names are written in their bounded form
        // (`BoundedName`): a command per finding must not multiply a 60 KB source name.
        let frame = screen.nameInFile.map(BoundedName.of)
        let file = BoundedName.of(screen.source)
        for (f, finding) in screen.report.run.findings.enumerated() {
            if let states, states.states[f] == .unchanged { continue }
            var properties = [("file", file)]
            if let place = screen.report.location(of: finding.node) {
                properties.append(("line", String(place.line)))
                properties.append(("col", String(place.column)))
            }
            let criteria = finding.wcag.isEmpty ? "" : " (WCAG " + finding.wcag.joined(separator: ", ") + ")"
            properties.append(("title", finding.rule + criteria))
            let context = FindingContext(finding, in: screen.report.analysis)
            var message = finding.message
            if let frame { message = "[\(frame)] " + message }
            message += " At \(ElementName.of(context, in: screen.report.analysis)). "
            if let help = RuleHelp.url(of: finding) { message += "Help: " + help }
            out += "::" + command(finding) + " "
            out += properties.map { $0.0 + "=" + escapeProperty($0.1) }.joined(separator: ",")
            out += "::" + escapeData(message) + "\n"
        }
        return out
    }

    static func command(_ finding: Finding) -> String {
        guard finding.outcome == .violation else { return "notice" }
        switch finding.impact {
        case .critical, .serious: return "error"
        case .moderate: return "warning"
        case .minor: return "notice"
        }
    }

    /// actions/toolkit `escapeData`; other control characters (which the runner would print
    /// raw into the log: terminal escapes) and bidi controls become U+FFFD.
    static func escapeData(_ text: String) -> String { escape(text, property: false) }

    /// actions/toolkit `escapeProperty`: `escapeData` plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String { escape(text, property: true) }

    private static func escape(_ text: String, property: Bool) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            case _ where c.isControlOrBidi: out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

/// Where a finding's help is read: the W3C Understanding page of its first WCAG criterion
/// (the SARIF rule's `helpUri` too), nil for best-practice rules that cite none.
enum RuleHelp {
    static func url(of finding: Finding) -> String? {
        finding.wcag.lazy.compactMap { WCAGCriteria.criterion($0)?.understandingURI }.first
    }
}

/// How short reports name a finding's element: its id, else its identifier, else its pointer;
/// for an imported XML dump only the element's last path step (`android.widget.Button[1]`),
/// since the annotation or row already gives the line and column of the whole path.
enum ElementName {
    static func of(_ context: FindingContext, in analysis: Analysis) -> String {
        if let name = context.id ?? context.identifier { return name }
        guard analysis.document.sourceMap?.location(of: 0) != nil,
              let slash = context.pointer.lastIndex(of: "/") else { return context.pointer }
        return String(context.pointer[context.pointer.index(after: slash)...])
    }
}
