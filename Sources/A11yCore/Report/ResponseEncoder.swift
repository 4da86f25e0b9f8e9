/// The 200 body of tree-format.md: elements, identifiers, findings and summary.
public enum ResponseEncoder {
    /// The plain response for a single tree.
    public static func json(_ report: AuditReport, pretty: Bool = false) -> [UInt8] {
        json(AuditRun(screens: [ScreenReport(name: "screen", report: report)], isBatch: false), pretty: pretty)
    }

    /// A run: the plain response for a single tree, else
    /// `{"screens": [{"name", ...response}], "summary": {...}}`.
    public static func json(_ run: AuditRun, pretty: Bool = false) -> [UInt8] {
        let elements = run.screens.reduce(0) { $0 + $1.report.analysis.elements.count }
        var w = JSONWriter(pretty: pretty, capacity: 512 + elements * 320)
        if !run.isBatch && run.screens.count == 1 {
            w.beginObject()
            writeMembers(run, screen: 0, into: &w)
            w.endObject()
        } else {
            w.beginObject()
            w.staticKey("screens")
            w.beginArray()
            for index in run.screens.indices {
                w.beginObject()
                w.staticKey("name"); w.string(run.screens[index].name)
                writeMembers(run, screen: index, into: &w)
                w.endObject()
            }
            w.endArray()
            w.staticKey("summary")
            writeSummary(run, screens: Array(run.screens.indices), into: &w)
            w.endObject()
        }
        return pretty ? w.bytes + [0x0A] : w.bytes
    }

    private static func writeMembers(_ run: AuditRun, screen index: Int, into w: inout JSONWriter) {
        let report = run.screens[index].report
        let analysis = report.analysis
        w.staticKey("elements")
        w.beginArray()
        for e in analysis.elements { writeElement(e, document: analysis.document, into: &w) }
        w.endArray()
        w.staticKey("identifiers")
        w.beginArray()
        for item in analysis.identifiers {
            w.beginObject()
            w.staticKey("node"); writePointer(of: item.node, in: analysis.document, into: &w)
            w.staticKey("id"); w.string(analysis.document.nodes[item.node].id)
            w.staticKey("identifier"); w.string(item.identifier)
            w.endObject()
        }
        w.endArray()
        w.staticKey("findings")
        w.beginArray()
        var fingerprinter = Fingerprinter(analysis)
        for (i, f) in report.run.findings.enumerated() {
            let state = run.comparison?.state(screen: index, finding: i)
            writeFinding(f, analysis: analysis, into: &w) { w in
                w.staticKey("fingerprint"); w.string(fingerprinter.fingerprint(f))
                if let state { w.staticKey("baseline"); w.string(state.rawValue) }
            }
        }
        w.endArray()
        w.staticKey("summary")
        writeSummary(run, screens: [index], into: &w)
    }

    public static func writeElement(_ e: AccessibilityElement, document: Document, into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("label"); w.string(e.label)
        w.staticKey("value"); w.string(e.value)
        w.staticKey("hint"); w.string(e.hint)
        w.staticKey("traits")
        w.beginArray()
        for name in e.traits.wireNames { w.string(name) }
        w.endArray()
        w.staticKey("identifier"); w.string(e.identifier)
        w.staticKey("frame"); writeRect(e.frame, into: &w)
        w.staticKey("activationPoint")
        w.beginObject()
        w.staticKey("x"); w.number(e.activationPoint.x)
        w.staticKey("y"); w.number(e.activationPoint.y)
        w.endObject()
        w.staticKey("actions")
        w.beginArray()
        for a in e.actions { w.string(a) }
        w.endArray()
        w.staticKey("customContent")
        w.beginArray()
        for c in e.customContent {
            w.beginObject()
            w.staticKey("label"); w.string(c.label)
            w.staticKey("value"); w.string(c.value)
            w.staticKey("importance"); w.string(c.importance.rawValue)
            w.endObject()
        }
        w.endArray()
        w.staticKey("rotors")
        w.beginArray()
        for r in e.rotors {
            w.beginObject()
            w.staticKey("name"); w.string(r.name)
            w.staticKey("systemType"); w.string(r.systemType)
            w.staticKey("items")
            w.beginArray()
            for item in r.items { w.string(document.nodes[item].id) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.staticKey("spoken"); w.string(e.spoken)
        w.staticKey("nodes")
        w.beginArray()
        for n in e.nodes { writePointer(of: n, in: document, into: &w) }
        w.endArray()
        w.endObject()
    }

    /// `document.pointer(of:)` written straight into the output: pointers are the bulk of a
    /// response, and building each as a String first costs an allocation per path step.
    static func writePointer(of node: Int, in document: Document, into w: inout JSONWriter) {
        var depth = 0
        var i = node
        while let parent = document.nodes[i].parent { depth += 1; i = parent }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: max(depth, 1)) { steps in
            // Collected leaf to root, written root to leaf.
            var i = node
            for k in 0..<depth {
                steps[k] = i
                i = document.nodes[i].parent!
            }
            w.verbatimString { w in
                w.appendVerbatim(document.pointerPrefix)
                w.appendLiteral("/root")
                for k in stride(from: depth - 1, through: 0, by: -1) {
                    w.appendLiteral(document.nodes[steps[k]].isSynthetic ? "/accessibilityChildren/" : "/children/")
                    w.appendInteger(document.nodes[steps[k]].indexInParent)
                }
            }
        }
    }

    public static func writeRect(_ r: Rect, into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("x"); w.number(r.x)
        w.staticKey("y"); w.number(r.y)
        w.staticKey("width"); w.number(r.width)
        w.staticKey("height"); w.number(r.height)
        w.endObject()
    }

    /// A finding with its node's pointer, id, composed identifier and frame filled in.
    public static func writeFinding(_ f: Finding, analysis: Analysis, into w: inout JSONWriter, extra: ((inout JSONWriter) -> Void)? = nil) {
        let document = analysis.document
        w.beginObject()
        w.staticKey("rule"); w.string(f.rule)
        w.staticKey("wcag")
        w.beginArray()
        for c in f.wcag { w.string(c) }
        w.endArray()
        w.staticKey("level"); w.string(f.level?.rawValue)
        w.staticKey("impact"); w.string(f.impact.rawValue)
        w.staticKey("outcome"); w.string(f.outcome.rawValue)
        w.staticKey("message"); w.string(f.message)
        w.staticKey("node"); writePointer(of: f.node, in: document, into: &w)
        w.staticKey("id"); w.string(document.nodes[f.node].id)
        w.staticKey("identifier"); w.string(analysis.identifier(ofNode: f.node))
        w.staticKey("frame")
        if let frame = f.frame ?? analysis.frame(ofNode: f.node) {
            writeRect(frame, into: &w)
        } else {
            w.null()
        }
        w.staticKey("data")
        w.beginObject()
        for (key, value) in f.data {
            w.key(key)
            switch value {
            case .number(let d): w.number(d)
            case .string(let s): w.string(s)
            case .bool(let b): w.bool(b)
            case .strings(let list):
                w.beginArray()
                for s in list { w.string(s) }
                w.endArray()
            }
        }
        w.endObject()
        extra?(&w)
        w.endObject()
    }

    /// Counts over one or more screens of a run.
    static func writeSummary(_ run: AuditRun, screens: [Int], into w: inout JSONWriter) {
        let reports = screens.map { run.screens[$0].report }
        var byImpact: [Impact: Int] = [:]
        var byOutcome: [Outcome: Int] = [:]
        var byRule: [String: Int] = [:]
        var ruleOrder: [String] = []
        var ran = OrderedTextList(), passed = OrderedTextList(), incomplete = OrderedTextList()
        var suppressedCount = 0
        for report in reports {
            for f in report.run.findings {
                byImpact[f.impact, default: 0] += 1
                byOutcome[f.outcome, default: 0] += 1
                if byRule[f.rule] == nil { ruleOrder.append(f.rule) }
                byRule[f.rule, default: 0] += 1
            }
            report.run.rulesRun.forEach { ran.append($0) }
            report.run.rulesIncomplete.forEach { incomplete.append($0) }
            suppressedCount += report.run.suppressed.count
        }
        // A rule passed only if it passed on every screen.
        for id in ran.items where reports.allSatisfy({ $0.run.rulesPassed.contains(id) || !$0.run.rulesRun.contains(id) }) {
            passed.append(id)
        }
        w.beginObject()
        w.staticKey("elements"); w.int(reports.reduce(0) { $0 + $1.analysis.elements.count })
        w.staticKey("findings"); w.int(reports.reduce(0) { $0 + $1.run.findings.count })
        // Only present when a screen hit the findings cap, so ordinary answers are unchanged.
        let omitted = reports.reduce(0) { $0 + $1.run.findingsOmitted }
        if omitted > 0 { w.staticKey("findingsOmitted"); w.int(omitted) }
        w.staticKey("byImpact")
        w.beginObject()
        for impact in Impact.allCases { w.key(impact.rawValue); w.int(byImpact[impact] ?? 0) }
        w.endObject()
        w.staticKey("byOutcome")
        w.beginObject()
        w.staticKey("violation"); w.int(byOutcome[.violation] ?? 0)
        w.staticKey("incomplete"); w.int(byOutcome[.incomplete] ?? 0)
        w.endObject()
        w.staticKey("byRule")
        w.beginObject()
        for id in ruleOrder.sorted() { w.key(id); w.int(byRule[id]!) }
        w.endObject()
        w.staticKey("rules")
        w.beginObject()
        for (key, list) in [("run", ran), ("passed", passed), ("incomplete", incomplete)] {
            w.key(key)
            w.beginArray()
            for id in list.items { w.string(id) }
            w.endArray()
        }
        w.endObject()
        w.staticKey("suppressed")
        w.beginObject()
        w.staticKey("count"); w.int(suppressedCount)
        w.staticKey("findings")
        w.beginArray()
        for report in reports {
            var fingerprinter = Fingerprinter(report.analysis)
            for s in report.run.suppressed {
                writeFinding(s.finding, analysis: report.analysis, into: &w) { w in
                    w.staticKey("fingerprint"); w.string(fingerprinter.fingerprint(s.finding))
                    w.staticKey("suppression")
                    w.beginObject()
                    w.staticKey("rule"); w.string(s.suppression.rule)
                    w.staticKey("id"); w.string(s.suppression.id)
                    w.staticKey("identifier"); w.string(s.suppression.identifier)
                    w.staticKey("node"); w.string(s.suppression.node)
                    w.staticKey("reason"); w.string(s.suppression.reason)
                    w.endObject()
                }
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
