/// SARIF 2.1.0 for code-scanning views: one run whose driver lists the rule catalogue and a
/// `WCAG` taxonomy, and one result per finding (suppressed ones carry `suppressions`; with a
/// baseline, results carry `baselineState` and fixed findings come back as `absent`).
public enum SarifReport {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    public static func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison? = nil,
                              toolVersion: String? = nil, pretty: Bool = false) -> [UInt8] {
        render(screens: screens, catalogue: catalogue, baseline: baseline, toolVersion: toolVersion, pretty: pretty,
               check: RenderCheck(.never))
    }

    /// `render(screens:catalogue:baseline:toolVersion:pretty:)` that stops writing when `check`
    /// says so (the bytes are then partial).
    static func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison?,
                       toolVersion: String? = nil, pretty: Bool, check: RenderCheck) -> [UInt8] {
        let rules = SarifRules(catalogue: catalogue, screens: screens)
        let artifacts = artifactURIs(screens)
        var json = JSONWriter(pretty: pretty)
        writeHead(rules: rules, artifacts: uniqueInOrder(artifacts), toolVersion: toolVersion,
                  omissions: screens.compactMap(Omission.init), into: &json)
        let artifactIndex = Dictionary(uniqueInOrder(artifacts).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for (s, screen) in screens.enumerated() {
            if check.now() { break }
            let location = SarifLocation(uri: artifacts[s], artifactIndex: artifactIndex[artifacts[s]]!)
            writeResults(of: screen, at: location, rules: rules, states: baseline?.screens[s], check: check, into: &json)
        }
        writeTail(into: &json)
        return json.bytes
    }

    /// How deep `runs[0].results` items are written (root object, runs, run, results).
    static let resultsDepth = 4

    /// Findings of one screen that have no result (past the findings cap or the output
    /// budget): said in the invocation's notifications and the run's properties, since a
    /// code-scanning view shows only results. Also the screen's rules that had nothing to look
    /// at (`inapplicable`), each a notification naming its rule, so that no view reads them as
    /// passed.
    struct Omission: Sendable {
        var screen: String
        var counts: ImpactCounts
        var inapplicable: [InapplicableRule]
        init?(_ screen: ScreenReport) {
            counts = ImpactCounts(omittedFrom: screen.report.run)
            inapplicable = screen.report.run.inapplicable
            guard counts.total > 0 || !inapplicable.isEmpty else { return nil }
            self.screen = screen.name
        }
    }

    /// The document through `"results": [`: the driver and its rules, the taxonomy, the
    /// artifacts, the invocation (with a notification per screen whose findings were not all
    /// listed) and, when some were not, the run's `properties.findingsOmitted`.
    static func writeHead(rules: SarifRules, artifacts: [String], toolVersion: String?, omissions: [Omission] = [],
                          into json: inout JSONWriter) {
        json.beginObject()
        json.key("$schema"); json.string(schemaURI)
        json.key("version"); json.string("2.1.0")
        json.key("runs"); json.beginArray()
        json.beginObject()

        json.key("tool"); json.beginObject()
        json.key("driver"); json.beginObject()
        json.key("name"); json.string("a11y-audit")
        if let toolVersion { json.key("semanticVersion"); json.string(toolVersion) }
        json.key("rules"); json.beginArray()
        for rule in rules.descriptors { rules.write(rule, to: &json) }
        json.endArray()
        json.key("supportedTaxonomies"); json.beginArray()
        json.beginObject(); json.key("name"); json.string("WCAG"); json.key("index"); json.int(0); json.endObject()
        json.endArray()
        json.endObject()
        json.endObject()

        json.key("taxonomies"); json.beginArray()
        rules.writeTaxonomy(to: &json)
        json.endArray()

        json.key("artifacts"); json.beginArray()
        for uri in artifacts {
            json.beginObject()
            json.key("location"); json.beginObject(); json.key("uri"); json.string(uri); json.endObject()
            json.key("roles"); json.beginArray(); json.string("analysisTarget"); json.endArray()
            json.endObject()
        }
        json.endArray()

        json.key("invocations"); json.beginArray()
        json.beginObject(); json.key("executionSuccessful"); json.bool(true)
        if !omissions.isEmpty {
            json.key("toolExecutionNotifications"); json.beginArray()
            for omission in omissions where omission.counts.total > 0 {
                json.beginObject()
                json.key("descriptor"); json.beginObject(); json.key("id"); json.string("findings-omitted"); json.endObject()
                json.key("level"); json.string("warning")
                let count = omission.counts.total
                let text = "\(count) finding\(count == 1 ? "" : "s") of screen \(omission.screen) \(count == 1 ? "has" : "have") no result "
                    + "(\(omission.counts.text)): past the findings cap or the output budget. The exit status counts them."
                json.key("message"); json.beginObject(); json.key("text"); json.string(SarifMessage.text(text)); json.endObject()
                json.endObject()
            }
            for omission in omissions {
                for entry in omission.inapplicable {
                    json.beginObject()
                    json.key("descriptor"); json.beginObject(); json.key("id"); json.string("rule-inapplicable"); json.endObject()
                    json.key("associatedRule"); json.beginObject(); json.key("id"); json.string(entry.rule)
                    if let index = rules.index[entry.rule] { json.key("index"); json.int(index) }
                    json.endObject()
                    json.key("level"); json.string("note")
                    let text = "\(entry.rule) is inapplicable on screen \(omission.screen): \(entry.reason)."
                    json.key("message"); json.beginObject(); json.key("text"); json.string(SarifMessage.text(text)); json.endObject()
                    json.endObject()
                }
            }
            json.endArray()
        }
        json.endObject()
        json.endArray()

        if omissions.contains(where: { $0.counts.total > 0 }) {
            var total = ImpactCounts()
            for omission in omissions { total.add(omission.counts) }
            json.key("properties"); json.beginObject()
            json.key("findingsOmitted"); json.int(total.total)
            json.key("findingsOmittedByImpact"); total.write(into: &json)
            json.endObject()
        }

        json.key("results"); json.beginArray()
    }

    /// One screen's results: its findings, suppressed findings, and baseline entries it fixed.
    static func writeResults(of screen: ScreenReport, at location: SarifLocation, rules: SarifRules,
                             states: BaselineComparison.Screen?, check: RenderCheck = RenderCheck(.never),
                             into json: inout JSONWriter) {
        var fingerprinter = Fingerprinter(screen.report.analysis)
        for (f, finding) in screen.report.run.findings.enumerated() {
            if check.item() { return }
            writeResult(finding, screen: screen, fingerprint: fingerprinter.fingerprint(finding), location: location,
                        rules: rules, baselineState: states?.states[f].rawValue, suppression: nil, to: &json)
        }
        for (i, item) in screen.report.run.suppressed.enumerated() {
            if check.item() { return }
            writeResult(item.finding, screen: screen, fingerprint: fingerprinter.fingerprint(item.finding), location: location,
                        rules: rules, baselineState: states?.suppressedStates[i].rawValue, suppression: item.suppression, to: &json)
        }
        for entry in states?.fixed ?? [] {
            if check.item() { return }
            writeFixed(entry, location: location, rules: rules, to: &json)
        }
    }

    /// Closes the results, the run, the runs and the document.
    static func writeTail(into json: inout JSONWriter) {
        json.endArray()
        json.endObject()
        json.endArray()
        json.endObject()
    }

    /// Artifact URI per screen: the source (`options.source` or file name) as `SarifURI`
    /// writes it; screens sharing one source (a batch request) are told apart by a `#name`
    /// fragment.
    static func artifactURIs(_ screens: [ScreenReport]) -> [String] {
        var sources: [String: Int] = [:]
        for screen in screens { sources[screen.source, default: 0] += 1 }
        return screens.map { screen in
            let base = SarifURI.reference(screen.source)
            return sources[screen.source]! > 1 ? base + "#" + SarifURI.fragment(screen.name) : base
        }
    }

    static func uniqueInOrder(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private static func writeResult(_ finding: Finding, screen: ScreenReport, fingerprint: String, location: SarifLocation, rules: SarifRules,
                                    baselineState: String?, suppression: Suppression?, to json: inout JSONWriter) {
        let analysis = screen.report.analysis
        let context = FindingContext(finding, in: analysis)
        json.beginObject()
        json.key("ruleId"); json.string(finding.rule)
        if let index = rules.index[finding.rule] { json.key("ruleIndex"); json.int(index) }
        json.key("kind"); json.string(finding.outcome == .violation ? "fail" : "open")
        // SARIF: a result whose kind is not "fail" has level "none".
        json.key("level"); json.string(finding.outcome == .violation ? SarifRules.level(finding.impact) : "none")
        json.key("message"); json.beginObject(); json.key("text"); json.string(SarifMessage.text(finding.message)); json.endObject()
        json.key("locations"); json.beginArray()
        location.write(node: context.pointer, name: context.id, identifier: context.identifier,
                       region: analysis.document.sourceMap?.location(of: finding.node), to: &json)
        json.endArray()
        json.key("partialFingerprints"); json.beginObject()
        json.key(Fingerprint.scheme); json.string(fingerprint)
        json.endObject()
        if let baselineState { json.key("baselineState"); json.string(baselineState) }
        if !finding.wcag.isEmpty {
            json.key("taxa"); json.beginArray()
            for number in finding.wcag { rules.writeTaxonReference(number, to: &json) }
            json.endArray()
        }
        if let suppression {
            json.key("suppressions"); json.beginArray(); json.beginObject()
            json.key("kind"); json.string("external")
            json.key("status"); json.string("accepted")
            if let reason = suppression.reason { json.key("justification"); json.string(reason) }
            json.endObject(); json.endArray()
        }
        json.key("properties"); json.beginObject()
        json.key("impact"); json.string(finding.impact.rawValue)
        json.key("outcome"); json.string(finding.outcome.rawValue)
        json.key("wcag"); json.beginArray(); for c in finding.wcag { json.string(c) }; json.endArray()
        json.key("wcagLevel"); json.string(finding.level?.rawValue)
        json.key("screen"); json.string(screen.name)
        if let spoken = context.spoken { json.key("spoken"); json.string(spoken) }
        // An imported Figma file: the layer's node id and the name its role was guessed from.
        if let sources = analysis.document.sourceMap {
            if let id = sources.sourceID(of: finding.node) { json.key("sourceId"); json.string(id) }
            if let name = sources.roleGuess(of: finding.node) { json.key("roleGuessedFrom"); json.string(name) }
        }
        if let frame = finding.frame {
            json.key("frame"); json.beginObject()
            json.key("x"); json.number(frame.x); json.key("y"); json.number(frame.y)
            json.key("width"); json.number(frame.width); json.key("height"); json.number(frame.height)
            json.endObject()
        }
        // Where the finding is on the screenshot the screen was placed on, in its pixels.
        if let shot = analysis.document.screenshot {
            json.key("screenshot"); json.string(shot.summary)
            if let frame = finding.frame, let pixels = shot.pixelRect(frame) {
                json.key("screenshotPixels"); json.beginObject()
                json.key("x"); json.int(pixels.x); json.key("y"); json.int(pixels.y)
                json.key("width"); json.int(pixels.width); json.key("height"); json.int(pixels.height)
                json.endObject()
            }
        }
        if !finding.data.isEmpty {
            json.key("data"); json.beginObject()
            for (key, value) in finding.data {
                json.key(key)
                switch value {
                case .number(let n): json.number(n)
                case .string(let s): json.string(s)
                case .bool(let b): json.bool(b)
                case .strings(let list): json.beginArray(); for s in list { json.string(s) }; json.endArray()
                }
            }
            json.endObject()
        }
        json.endObject()
        json.endObject()
    }

    /// A baseline finding no longer present: reported as `absent` so viewers can close it.
    private static func writeFixed(_ entry: Baseline.Entry, location: SarifLocation, rules: SarifRules, to json: inout JSONWriter) {
        json.beginObject()
        json.key("ruleId"); json.string(entry.rule ?? "unknown")
        if let rule = entry.rule, let index = rules.index[rule] { json.key("ruleIndex"); json.int(index) }
        json.key("kind"); json.string("pass")
        json.key("level"); json.string("none")
        json.key("message"); json.beginObject()
        json.key("text"); json.string(SarifMessage.text("Fixed since the baseline" + (entry.message.map { ": " + $0 } ?? ".")))
        json.endObject()
        json.key("locations"); json.beginArray()
        location.write(node: entry.node, name: nil, identifier: nil, to: &json)
        json.endArray()
        json.key("partialFingerprints"); json.beginObject()
        json.key(Fingerprint.scheme); json.string(entry.fingerprint)
        json.endObject()
        json.key("baselineState"); json.string("absent")
        json.endObject()
    }
}

/// Where a result is: the artifact (input file or source) and, logically, the node's JSON
/// Pointer and composed identifier. A JSON tree has no region to give; an imported XML
/// document gives the line and column of the node's start tag.
struct SarifLocation: Sendable {
    var uri: String
    var artifactIndex: Int

    func write(node pointer: String?, name: String?, identifier: String?, region: (line: Int, column: Int)? = nil,
               to json: inout JSONWriter) {
        json.beginObject()
        json.key("physicalLocation"); json.beginObject()
        json.key("artifactLocation"); json.beginObject()
        json.key("uri"); json.string(uri)
        json.key("index"); json.int(artifactIndex)
        json.endObject()
        if let region {
            // SARIF's default columnKind is utf16CodeUnits, as `XMLLocation` counts.
            json.key("region"); json.beginObject()
            json.key("startLine"); json.int(region.line)
            json.key("startColumn"); json.int(region.column)
            json.endObject()
        }
        json.endObject()
        json.key("logicalLocations"); json.beginArray()
        if let pointer {
            json.beginObject()
            json.key("name"); json.string(name ?? pointer)
            json.key("fullyQualifiedName"); json.string(pointer)
            json.key("kind"); json.string("object")
            json.endObject()
        }
        if let identifier {
            json.beginObject()
            json.key("name"); json.string(identifier)
            json.key("fullyQualifiedName"); json.string(identifier)
            json.key("kind"); json.string("element")
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
