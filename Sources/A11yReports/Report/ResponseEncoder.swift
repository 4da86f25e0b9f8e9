import A11yEngines
import A11yJSON
import A11yModel
import A11yRules
/// The 200 body of tree-format.md: elements, identifiers, findings and summary.
public enum ResponseEncoder {
    /// The plain response for a single tree.
    public static func json(_ report: AuditReport, pretty: Bool = false) -> [UInt8] {
        withUnsafePointer(to: report) { json(ScreenList(report: $0), isBatch: false, comparison: nil, pretty: pretty) }
    }

    /// A run: the plain response for a single tree, else
    /// `{"screens": [{"name", ...response}], "summary": {...}}`.
    public static func json(_ run: AuditRun, pretty: Bool = false) -> [UInt8] {
        json(run, pretty: pretty, check: .writing(.never))
    }

    /// `json(_:pretty:)` that stops writing when `check` says so (the bytes are then partial).
    static func json(_ run: AuditRun, pretty: Bool, check: InterruptPoll) -> [UInt8] {
        run.screens.withUnsafeBufferPointer { screens in
            json(ScreenList(screens), isBatch: run.isBatch, comparison: run.comparison, pretty: pretty, check: check)
        }
    }

    private static func json(_ screens: ScreenList, isBatch: Bool, comparison: BaselineComparison?, pretty: Bool,
                             check: InterruptPoll = .writing(.never)) -> [UInt8] {
        // Sized from typical answers (about 400 bytes per element, 450 per finding, 2 kB of
        // summary) so a response is written without regrowing its buffer.
        var capacity = 4096
        for i in screens.indices {
            let report = screens.report(i)
            capacity += 2048 + 400 * report.pointee.analysis.elements.count + 128 * report.pointee.analysis.identifiers.count
                + 512 * (report.pointee.run.findings.count + report.pointee.run.suppressed.count)
        }
        return JSONWriter.array(capacity: capacity, pretty: pretty) { w in
            write(screens, isBatch: isBatch, comparison: comparison, check: check, into: &w)
            if pretty { w.finalNewline() }
        }
    }

    private static func write(_ screens: ScreenList, isBatch: Bool, comparison: BaselineComparison?, check: InterruptPoll,
                              into w: inout JSONWriter) {
        if !isBatch && screens.count == 1 {
            w.beginObject()
            writeMembers(screens, screen: 0, comparison: comparison, check: check, into: &w)
            w.endObject()
        } else {
            w.beginObject()
            w.staticKey("screens")
            w.beginArray()
            for index in screens.indices {
                if check.stoppingNow() { return }
                w.beginObject()
                w.staticKey("name"); w.string(screens.name(index))
                let previous = index > 0 ? screens.report(index - 1).pointee.run : nil
                writeMembers(screens, screen: index, comparison: comparison, check: check,
                             batch: BatchScreenRules(previous: previous), into: &w)
                w.endObject()
            }
            w.endArray()
            w.staticKey("summary")
            writeSummary(screens, comparison: comparison, baselineScreen: screens.count == 1 ? 0 : nil, check: check,
                         namesScreens: true, into: &w)
            w.endObject()
        }
    }

    /// A screen's members; `batch` is set for a screen of a batch, whose rule lists are
    /// written compactly (`BatchScreenRules`).
    static func writeMembers(_ screens: ScreenList, screen index: Int, comparison: BaselineComparison?,
                             check: InterruptPoll = .writing(.never), batch: BatchScreenRules? = nil, into w: inout JSONWriter) {
        let paths = NodePaths(screens.report(index).pointee)
        writeLists(of: screens.report(index).pointee, paths: paths, comparison: comparison, screen: index, check: check, into: &w)
        if check.stoppingNow() { return }
        paths.write(into: &w)
        if let display = screens.report(index).pointee.analysis.document.androidDisplay { writeDisplay(display, into: &w) }
        if let shot = screens.report(index).pointee.analysis.document.screenshot {
            // Which screenshot the screen was placed on: only when one was given.
            w.staticKey("screenshot")
            w.beginObject()
            w.staticKey("name"); w.string(shot.name)
            w.staticKey("width"); w.int(shot.width)
            w.staticKey("height"); w.int(shot.height)
            w.staticKey("scale"); w.number(shot.scale)
            w.staticKey("origin"); w.numberObject("x", shot.origin.x, "y", shot.origin.y)
            w.endObject()
        }
        w.staticKey("summary")
        writeSummary(screens.only(index), comparison: comparison, baselineScreen: index, batch: batch, check: check, into: &w)
    }

    /// `"display": {"density", "densitySource", "touchScreen", "reason"?}`: an Android dump's
    /// screen as it was read (only imported dumps have one).
    private static func writeDisplay(_ display: AndroidDisplay, into w: inout JSONWriter) {
        w.staticKey("display")
        w.beginObject()
        w.staticKey("density"); w.number(display.density)
        w.staticKey("densitySource"); w.string(display.densitySource.rawValue)
        w.staticKey("touchScreen"); w.bool(display.touchScreen)
        if let reason = display.notTouchReason { w.staticKey("reason"); w.string(reason) }
        w.endObject()
    }

    /// Elements, identifiers and findings of one screen.
    /// Stops early (the output then partial) when `check` says so.
    private static func writeLists(of report: borrowing AuditReport, paths: NodePaths, comparison: BaselineComparison?, screen index: Int,
                                   check: InterruptPoll, into w: inout JSONWriter) {
        w.staticKey("elements")
        w.beginArray()
        // Elements and findings by index: measured faster on large screens.
        report.analysis.elements.withUnsafeBufferPointer { elements in
            for i in elements.indices {
                if check.stopping() { return }
                writeElement(elements[i], document: report.analysis.document, paths: paths, into: &w)
            }
        }
        w.endArray()
        w.staticKey("identifiers")
        w.beginArray()
        var parents = IdentifierParents(report.analysis)
        report.analysis.identifiers.withUnsafeBufferPointer { identifiers in
            for k in identifiers.indices {
                if check.stopping() { return }
                let item = identifiers[k]
                w.beginObject()
                w.staticKey("node"); w.int(paths.entry(of: item.node))
                w.staticKey("id"); w.string(report.analysis.document.nodes[item.node].id)
                parents.write(k, of: identifiers, into: &w)
                w.endObject()
            }
        }
        w.endArray()
        w.staticKey("findings")
        w.beginArray()
        report.run.findings.withUnsafeBufferPointer { findings in
            // Only screens with findings pay for the fingerprinter's per-node tables.
            guard !findings.isEmpty else { return }
            var fingerprinter = Fingerprinter(nodes: report.analysis.document.nodes, childStorage: report.analysis.document.childStorage,
                                              composedIdentifier: report.analysis.composedIdentifier)
            for i in findings.indices {
                if check.stopping() { return }
                beginFinding(findings.baseAddress! + i, analysis: report.analysis, paths: paths, into: &w)
                w.staticKey("fingerprint"); writeFingerprint(rule: findings[i].rule, node: findings[i].node, with: &fingerprinter, into: &w)
                if let state = comparison?.state(screen: index, finding: i) { w.staticKey("baseline"); w.string(state.rawValue) }
                w.endObject()
            }
        }
        w.endArray()
    }

    static func writeElement(_ e: borrowing AccessibilityElement, document: Document, paths: NodePaths,
                             into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("label"); w.string(e.label)
        w.staticKey("value"); w.string(e.value)
        w.staticKey("hint"); w.string(e.hint)
        w.staticKey("traits")
        w.beginArray()
        // Only the set bits are visited: `Traits.declarations` lists the wire traits in bit order.
        var bits = e.traits.rawValue & Traits.wireMask
        let names = Traits.wireNamesByBit
        while bits != 0 {
            w.string(names[bits.trailingZeroBitCount])
            bits &= bits &- 1
        }
        w.endArray()
        writeIdentifier(e.identifier, into: &w)
        w.staticKey("frame"); writeRect(e.frame, into: &w)
        w.staticKey("activationPoint")
        writePoint(e.activationPoint, into: &w)
        // Most elements have none of these: an empty list is written as `[]` at once.
        if e.actions.isEmpty {
            w.emptyArray("actions")
        } else {
            w.staticKey("actions"); w.strings(e.actions)
        }
        if e.customContent.isEmpty {
            w.emptyArray("customContent")
        } else {
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
        }
        if e.rotors.isEmpty {
            w.emptyArray("rotors")
        } else {
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
        }
        // Only when sent: AccessibilitySnapshot shows an element's user input labels when they are
        // set and it responds to user interaction (`writeUserInputLabels`).
        // (Read in place: `nodes[i]` here copies the whole node, each of its fields retained.)
        if document.nodes.withUnsafeBufferPointer({ !$0[e.node].userInputLabels.isEmpty }) { writeUserInputLabels(of: e, document: document, into: &w) }
        w.staticKey("spoken"); w.string(e.spoken)
        w.staticKey("spokenHint"); w.string(e.spokenHint)
        w.staticKey("nodes")
        w.beginArray()
        e.nodes.withUnsafeBufferPointer { nodes in
            for n in nodes { w.int(paths.entry(of: n)) }
        }
        w.endArray()
        w.endObject()
    }

    /// `"userInputLabels": [...]` when the node sends some and the element responds to user
    /// interaction (out of line: few elements have them). AccessibilitySnapshot's legend, in its
    /// default `.whenOverridden` mode, shows user input labels only when
    /// `accessibilityRespondsToUserInteraction` is true (`Core/LegendView.swift`): a plain
    /// label that sets some (`UserInputLabelsViewController`'s `nonInteractiveLabel`) shows
    /// none. The node's `accessibilityRespondsToUserInteraction` when sent, else UIKit's default
    /// for that property: the element is operable (an operable trait or a control) or has
    /// custom actions.
    @inline(never)
    private static func writeUserInputLabels(of e: AccessibilityElement, document: Document, into w: inout JSONWriter) {
        let inputLabels = document.nodes[e.node].userInputLabels
        guard !inputLabels.isEmpty else { return }
        let responds = document.nodes[e.node].respondsToUserInteraction
            ?? (!e.traits.isDisjoint(with: AccessibilityElement.operableTraits) || document.nodes[e.node].isInteractive
                || !e.actions.isEmpty)
        if responds { w.staticKey("userInputLabels"); w.strings(inputLabels) }
    }

    /// `document.pointer(of:)` written straight into the output: pointers are the bulk of a
    /// response's path table. The walk up stops at the nearest node whose pointer is already in the
    /// output (table entries are in document order, so often the parent's); those bytes are copied and the steps
    /// below written from the end backwards, recording every ancestor's pointer on the way.
    static func writePointer(of node: Int, in document: Document, spans: inout PointerSpans, into w: inout JSONWriter) {
        // An imported document's element paths are not built from steps like these.
        if document.sourceMap != nil { w.string(document.pointer(of: node)); return }
        let children: StaticString = "/children/", synthetic: StaticString = "/accessibilityChildren/"
        var length = 0
        var top = node
        while !spans.isWritten(top), let parent = document.nodes[top].parent {
            length += (document.nodes[top].isSynthetic ? synthetic : children).utf8CodeUnitCount
                + JSONWriter.digitCount(UInt64(document.nodes[top].indexInParent))
            top = parent
        }
        let known = spans[top]
        document.pointerPrefix.withBorrowedUTF8 { prefix in
            let base = known.count > 0 ? known.count : prefix.count + 5
            let total = base + length
            w.unescapedString(maxLength: total) { out, output in
                let start = output.distance(to: out)
                if known.count > 0 {
                    out.update(from: output + known.start, count: known.count)
                } else {
                    out.update(from: prefix.baseAddress!, count: prefix.count)
                    ("/root" as StaticString).withUTF8Buffer { (out + prefix.count).update(from: $0.baseAddress!, count: 5) }
                    spans[top] = (start, base)
                }
                spans[node] = (start, total)
                var end = total
                var i = node
                while i != top {
                    let index = UInt64(document.nodes[i].indexInParent), digits = JSONWriter.digitCount(index)
                    end -= digits
                    JSONWriter.writeDigits(index, count: digits, at: out + end)
                    let literal = document.nodes[i].isSynthetic ? synthetic : children
                    end -= literal.utf8CodeUnitCount
                    (out + end).update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
                    i = document.nodes[i].parent!
                    spans[i] = (start, end)
                }
                return total
            }
        }
    }

    /// `"identifier"`: whole up to `BoundedText.limit` bytes; a longer one (a nested identifier
    /// composed from many ancestors) as `…` and its last bytes, with `identifierOmitted`
    /// counting the bytes left off its front: the `identifiers` entry of the same node has it
    /// whole. So elements and findings deep in a chain do not repeat their ancestors' segments.
    static func writeIdentifier(_ identifier: String?, into w: inout JSONWriter) {
        w.staticKey("identifier")
        guard let identifier, identifier.utf8.count > BoundedText.limit else { w.string(identifier); return }
        let tail = BoundedText.tail(identifier)
        w.string("…" + tail)
        w.staticKey("identifierOmitted"); w.int(identifier.utf8.count - tail.utf8.count)
    }

    /// `Fingerprinter.fingerprint` as a string value, its hex digits written straight into
    /// the output. Given the two fields of a finding it is made from.
    static func writeFingerprint(rule: String, node: Int, with fingerprinter: inout Fingerprinter, into w: inout JSONWriter) {
        let digest = fingerprinter.digest(rule: rule, node: node)
        w.unescapedString(maxLength: 32) { out in
            digest.writeHex(to: out)
            return 32
        }
    }

    /// Out of line, with `numberObject` inlined into it: its keys are then constants, and
    /// inlining the whole frame into the element and finding writers cost more than the call.
    @inline(never)
    public static func writeRect(_ r: Rect, into w: inout JSONWriter) {
        w.numberObject("x", r.x, "y", r.y, "width", r.width, "height", r.height)
    }

    @inline(never)
    static func writePoint(_ p: Point, into w: inout JSONWriter) {
        w.numberObject("x", p.x, "y", p.y)
    }

    /// Opens a finding's object and writes its members, with the node's pointer, id, composed
    /// identifier and frame filled in; the caller adds its own members and closes it.
    /// Read through a pointer, field by field: measured faster than passing the Finding.
    static func beginFinding(_ finding: UnsafePointer<Finding>, analysis: Analysis, paths: NodePaths,
                             into w: inout JSONWriter) {
        let node = finding.pointee.node
        w.beginObject()
        w.staticKey("rule"); w.string(finding.pointee.rule)
        w.staticKey("wcag"); w.strings(finding.pointee.wcag)
        if let help = WCAGCriteria.helpURL(finding.pointee.wcag) { w.staticKey("helpUrl"); w.string(help) }
        w.staticKey("level")
        if let level = finding.pointee.level { w.staticString(level.wireName) } else { w.null() }
        w.staticKey("impact"); w.staticString(finding.pointee.impact.wireName)
        w.staticKey("outcome"); w.staticString(finding.pointee.outcome.wireName)
        w.staticKey("message"); w.string(finding.pointee.message)
        w.staticKey("node"); w.int(paths.entry(of: node))
        if let sources = analysis.document.sourceMap {
            // Where the node's element starts in an imported XML file.
            if let (line, column) = sources.location(of: node) {
                w.staticKey("line"); w.int(line)
                w.staticKey("column"); w.int(column)
            }
            // An imported Figma file: the layer's node id, and the name its role was guessed from.
            if let id = sources.sourceID(of: node) { w.staticKey("sourceId"); w.string(id) }
            if let name = sources.roleGuess(of: node) { w.staticKey("roleGuessedFrom"); w.string(name) }
        }
        w.staticKey("id"); w.string(analysis.document.nodes.withUnsafeBufferPointer { $0[node].id })
        writeIdentifier(analysis.identifier(ofNode: node), into: &w)
        w.staticKey("frame")
        if let frame = finding.pointee.frame ?? analysis.frame(ofNode: node) {
            writeRect(frame, into: &w)
        } else {
            w.null()
        }
        w.staticKey("data")
        w.beginObject()
        finding.pointee.data.withUnsafeBufferPointer { data in
            for i in data.indices {
                w.key(data[i].key)
                switch data[i].value {
                case .number(let d): w.number(d)
                case .string(let s): w.string(s)
                case .bool(let b): w.bool(b)
                case .strings(let list): w.strings(list)
                case .node(let n): w.int(paths.entry(of: n))
                case .nodes(let list): w.beginArray(); for n in list { w.int(paths.entry(of: n)) }; w.endArray()
                }
            }
        }
        w.endObject()
    }
}

// `rawValue` as a StaticString, written without an escape scan; debug builds check they agree.
private extension Impact {
    var wireName: StaticString {
        let name: StaticString = switch self {
        case .minor: "minor"; case .moderate: "moderate"; case .serious: "serious"; case .critical: "critical"
        }
        assert(name.description == rawValue)
        return name
    }
}

private extension Outcome {
    var wireName: StaticString {
        let name: StaticString = switch self { case .violation: "violation"; case .incomplete: "incomplete" }
        assert(name.description == rawValue)
        return name
    }
}

private extension WCAGLevel {
    var wireName: StaticString {
        let name: StaticString = switch self { case .A: "A"; case .AA: "AA"; case .AAA: "AAA" }
        assert(name.description == rawValue)
        return name
    }
}

/// Where each node's JSON Pointer sits in the output once written (offset and length, 0 until
/// then), for one screen's path table: entries are in document order, so most pointers extend one
/// written just before.
struct PointerSpans {
    private var spans: [(start: Int, count: Int)]

    init(_ document: Document) {
        spans = Array(repeating: (0, 0), count: document.nodes.count)
    }

    func isWritten(_ node: Int) -> Bool { spans[node].count > 0 }

    subscript(node: Int) -> (start: Int, count: Int) {
        get { spans[node] }
        set { spans[node] = newValue }
    }
}

