import A11yJSON
import A11yModel
import A11yRules
/// SARIF 2.1.0 for code-scanning views: one run whose driver lists the rule catalogue and a
/// `WCAG` taxonomy, and one result per finding (suppressed ones carry `suppressions`; with a
/// baseline, results carry `baselineState` `new` or `unchanged`). Written so GitHub code
/// scanning takes it as it is (its "SARIF support" page, sarif-sdk's GH1xxx rules): every
/// result has a `region`, a unique `partialFingerprints` value and a relative URI (absolute
/// paths get a `uriBaseId`); fixed findings are not results (a viewer would show an `absent`
/// result as an open alert) but are counted in the run's `properties.fixedSinceBaseline`.
public enum SarifReport {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    public static func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison? = nil,
                              toolVersion: String? = A11yAuditVersion.current, pretty: Bool = false) -> [UInt8] {
        render(screens: screens, catalogue: catalogue, baseline: baseline, toolVersion: toolVersion, pretty: pretty,
               check: .writing(.never))
    }

    /// `render(screens:catalogue:baseline:toolVersion:pretty:)` that stops writing when `check`
    /// says so (the bytes are then partial).
    static func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison?,
                       toolVersion: String? = A11yAuditVersion.current, pretty: Bool, check: InterruptPoll) -> [UInt8] {
        let rules = SarifRules(catalogue: catalogue, screens: screens)
        let artifacts = screens.map { SarifURI.reference($0.source) }
        var logical = SarifLongScreenNames()
        let logicalIndex = screens.map { logical.place(screenName($0)) }
        var json = JSONWriter(pretty: pretty)
        writeHead(rules: rules, artifacts: uniqueInOrder(artifacts), toolVersion: toolVersion,
                  omissions: screens.compactMap(Omission.init), fixed: baseline?.screens.reduce(0) { $0 + $1.fixed.count } ?? 0,
                  longScreenNames: logical.names, into: &json)
        let artifactIndex = Dictionary(uniqueInOrder(artifacts).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for (s, screen) in screens.enumerated() {
            if check.stoppingNow() { break }
            let location = SarifLocation(artifact: artifacts[s], artifactIndex: artifactIndex[artifacts[s]]!, screen: screenName(screen),
                                         screenIndex: logicalIndex[s], screenLabel: BoundedName.of(screen.name))
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
            // Repeated per inapplicable rule: the bounded form (the artifact has the whole name).
            self.screen = BoundedName.of(screen.name)
        }
    }

    /// The document through `"results": [`: the driver and its rules, the taxonomy, the
    /// artifacts, the invocation (with a notification per screen whose findings were not all
    /// listed) and, when some were not, the run's `properties.findingsOmitted`.
    static func writeHead(rules: SarifRules, artifacts: [SarifArtifact], toolVersion: String?, omissions: [Omission] = [],
                          fixed: Int = 0, longScreenNames: [SarifLongScreenNames.Name] = [], into json: inout JSONWriter) {
        json.beginObject()
        json.key("$schema"); json.string(schemaURI)
        json.key("version"); json.string("2.1.0")
        json.key("runs"); json.beginArray()
        json.beginObject()

        json.key("tool"); json.beginObject()
        json.key("driver"); json.beginObject()
        json.key("name"); json.string("a11y-audit")
        if let toolVersion {
            json.key("version"); json.string(toolVersion)
            json.key("semanticVersion"); json.string(toolVersion)
        }
        json.key("rules"); json.beginArray()
        for rule in rules.descriptors { rules.write(rule, to: &json) }
        json.endArray()
        json.key("supportedTaxonomies"); json.beginArray()
        json.beginObject(); json.key("name"); json.string("WCAG"); json.key("index"); json.int(0); json.endObject()
        json.endArray()
        json.endObject()
        json.endObject()

        if artifacts.contains(where: { $0.base == SarifURI.rootBase }) {
            json.key("originalUriBaseIds"); json.beginObject()
            json.key(SarifURI.rootBase); json.beginObject(); json.key("uri"); json.string(SarifURI.rootURI); json.endObject()
            json.endObject()
        }

        json.key("taxonomies"); json.beginArray()
        rules.writeTaxonomy(to: &json)
        json.endArray()

        json.key("artifacts"); json.beginArray()
        for artifact in artifacts {
            json.beginObject()
            json.key("location"); json.beginObject(); artifact.write(to: &json); json.endObject()
            json.key("roles"); json.beginArray(); json.string("analysisTarget"); json.endArray()
            // The whole source, once, when the URI results repeat is its bounded form.
            if let source = artifact.source {
                json.key("properties"); json.beginObject(); json.key("source"); json.string(source); json.endObject()
            }
            json.endObject()
        }
        json.endArray()

        // Screens whose names are too long to repeat: results refer to them by index.
        if !longScreenNames.isEmpty {
            json.key("logicalLocations"); json.beginArray()
            for screen in longScreenNames {
                json.beginObject()
                json.key("name"); json.string(screen.name)
                json.key("fullyQualifiedName"); json.string(screen.full)
                json.key("kind"); json.string("module")
                json.endObject()
            }
            json.endArray()
        }

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

        let omitted = omissions.contains(where: { $0.counts.total > 0 })
        if omitted || fixed > 0 {
            json.key("properties"); json.beginObject()
            if omitted {
                var total = ImpactCounts()
                for omission in omissions { total.add(omission.counts) }
                json.key("findingsOmitted"); json.int(total.total)
                json.key("findingsOmittedByImpact"); total.write(into: &json)
            }
            // Baseline entries nothing matched: not results, which GitHub would show as open.
            if fixed > 0 { json.key("fixedSinceBaseline"); json.int(fixed) }
            json.endObject()
        }

        json.key("results"); json.beginArray()
    }

    /// One screen's results: its findings and suppressed findings (fixed baseline entries are
    /// only counted, see the type's comment).
    static func writeResults(of screen: ScreenReport, at location: SarifLocation, rules: SarifRules,
                             states: BaselineComparison.Screen?, check: InterruptPoll = .writing(.never),
                             into json: inout JSONWriter) {
        var fingerprinter = Fingerprinter(screen.report.analysis)
        // Screens sharing an artifact (frames of one file) are told apart by name and root id.
        var results = ResultFingerprints(screen: location.screen.map {
            $0.full + "\u{0}" + (screen.report.analysis.document.sourceMap?.sourceID(of: screen.report.analysis.document.root) ?? "")
        })
        for (f, finding) in screen.report.run.findings.enumerated() {
            if check.stopping() { return }
            let fingerprint = fingerprinter.fingerprint(finding)
            writeResult(finding, screen: screen, fingerprint: fingerprint, resultFingerprint: results.next(fingerprint, finding),
                        location: location, rules: rules, baselineState: states?.states[f].rawValue, suppression: nil, to: &json)
        }
        for (i, item) in screen.report.run.suppressed.enumerated() {
            if check.stopping() { return }
            let fingerprint = fingerprinter.fingerprint(item.finding)
            writeResult(item.finding, screen: screen, fingerprint: fingerprint, resultFingerprint: results.next(fingerprint, item.finding),
                        location: location, rules: rules, baselineState: states?.suppressedStates[i].rawValue,
                        suppression: item.suppression, to: &json)
        }
    }

    /// The screen's name as a logical location, when it is not its artifact's name: a frame
    /// of a Figma file, a screen of a batch request (never put into the URI).
    static func screenName(_ screen: ScreenReport) -> (name: String, full: String)? {
        screen.nameInFile.map { ($0, screen.name) }
    }

    /// Closes the results, the run, the runs and the document.
    static func writeTail(into json: inout JSONWriter) {
        json.endArray()
        json.endObject()
        json.endArray()
        json.endObject()
    }

    static func uniqueInOrder(_ values: [SarifArtifact]) -> [SarifArtifact] {
        var seen = Set<SarifArtifact>()
        return values.filter { seen.insert($0).inserted }
    }

    private static func writeResult(_ finding: Finding, screen: ScreenReport, fingerprint: String, resultFingerprint: String,
                                    location: SarifLocation, rules: SarifRules,
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
                       region: screen.report.location(of: finding.node), to: &json)
        json.endArray()
        json.key("partialFingerprints"); json.beginObject()
        json.key(ResultFingerprints.scheme); json.string(resultFingerprint)
        json.endObject()
        if let baselineState { json.key("baselineState"); json.string(baselineState) }
        if !finding.wcag.isEmpty {
            json.key("taxa"); json.beginArray()
            for number in finding.wcag { rules.writeTaxonReference(number, to: &json) }
            json.endArray()
        }
        if let suppression {
            json.key("suppressions"); json.beginArray(); json.beginObject()
            // Given in the input's own `options.suppress` (a JSON Pointer): in source; given
            // beside it (a CLI flag, a query parameter): external.
            json.key("kind"); json.string(suppression.pointer.hasPrefix("/") ? "inSource" : "external")
            json.key("status"); json.string("accepted")
            if let reason = suppression.reason { json.key("justification"); json.string(reason) }
            json.endObject(); json.endArray()
        }
        json.key("properties"); json.beginObject()
        json.key("impact"); json.string(finding.impact.rawValue)
        json.key("outcome"); json.string(finding.outcome.rawValue)
        json.key("wcag"); json.beginArray(); for c in finding.wcag { json.string(c) }; json.endArray()
        json.key("wcagLevel"); json.string(finding.level?.rawValue)
        json.key("screen"); json.string(location.screenLabel)
        // The baseline key (`a11yAudit/v1`), shared by findings of one rule on one node.
        json.key("fingerprint"); json.string(fingerprint)
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
                case .node(let n): json.string(NodePaths.shortPointer(of: n, in: analysis.document))
                case .nodes(let list):
                    json.beginArray(); for n in list { json.string(NodePaths.shortPointer(of: n, in: analysis.document)) }; json.endArray()
                }
            }
            json.endObject()
        }
        json.endObject()
        json.endObject()
    }
}

/// Where a result is: the artifact (input file or source) with the line and column of the
/// node in it (an XML start tag, a JSON node's `{`), and, logically, the screen (a frame of a
/// file), the node's JSON Pointer and its composed identifier.
struct SarifLocation: Sendable {
    var artifact: SarifArtifact
    var artifactIndex: Int
    /// The screen's name in its file and its run name, when the artifact holds several
    /// (see `SarifReport.screenName`).
    var screen: (name: String, full: String)?
    /// The screen's entry in the run's `logicalLocations` when its name is too long to repeat
    /// per result (see `SarifLongScreenNames`).
    var screenIndex: Int?
    /// The screen's name as each result's `properties.screen` gives it (`BoundedName`).
    var screenLabel: String

    func write(node pointer: String?, name: String?, identifier: String?, region: FilePosition?,
               to json: inout JSONWriter) {
        json.beginObject()
        json.key("physicalLocation"); json.beginObject()
        json.key("artifactLocation"); json.beginObject()
        artifact.write(to: &json)
        json.key("index"); json.int(artifactIndex)
        json.endObject()
        // GitHub needs a start line for every result. A node without a known place (a tree
        // built in code) is anchored at the file's start. SARIF's default columnKind is
        // utf16CodeUnits, as both readers count.
        let region = region ?? FilePosition(line: 1, column: 1)
        json.key("region"); json.beginObject()
        json.key("startLine"); json.int(region.line)
        json.key("startColumn"); json.int(region.column)
        json.endObject()
        json.endObject()
        json.key("logicalLocations"); json.beginArray()
        if let screenIndex {
            json.beginObject(); json.key("index"); json.int(screenIndex); json.endObject()
        } else if let screen {
            json.beginObject()
            json.key("name"); json.string(screen.name)
            json.key("fullyQualifiedName"); json.string(screen.full)
            json.key("kind"); json.string("module")
            json.endObject()
        }
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

/// `partialFingerprints["a11yAudit/result/v1"]`: one value per distinct result. The baseline
/// fingerprint (`Fingerprint`) names a rule on a node, and one rule can find two things on one
/// node (a carousel's label and its value), so the result's value hashes the baseline
/// fingerprint with the finding's message shape (the message without quoted text and digits,
/// so a renamed label or a new ratio keeps it) and, for findings still alike, their order;
/// when the screen shares its file with others (frames of a Figma file), the screen too.
struct ResultFingerprints {
    static let scheme = "a11yAudit/result/v1"
    private var seen: [String: Int] = [:]
    private let screen: String

    init(screen: String? = nil) { self.screen = screen ?? "" }

    mutating func next(_ fingerprint: String, _ finding: Finding) -> String {
        let shape = Self.shape(of: finding.message)
        let key = fingerprint + "\u{0}" + shape
        let occurrence = seen[key, default: 0]
        seen[key] = occurrence + 1
        return Fingerprint.hash(parts: [fingerprint, "\u{0}", shape, "\u{0}", String(occurrence), "\u{0}", screen])
    }

    /// The message with quoted text ("…") and digits left out.
    static func shape(of message: String) -> String {
        var out = ""
        var quoted = false
        for c in message.unicodeScalars {
            if c == "\"" { quoted.toggle(); out.unicodeScalars.append(c); continue }
            if quoted || ("0"..."9").contains(c) { continue }
            out.unicodeScalars.append(c)
        }
        return out
    }
}

/// The screens of a SARIF run whose name (in the file, or in full) is longer than
/// `BoundedName.limit` bytes: each is written once in `run.logicalLocations`, and its results'
/// screen location is only `{"index": i}`, so a long name is not repeated per result.
struct SarifLongScreenNames: Sendable {
    struct Name: Sendable {
        var name: String
        var full: String
    }
    private(set) var names: [Name] = []
    private var index: [String: Int] = [:]

    /// The screen's index in `names` (added when new), nil when its name is short.
    mutating func place(_ screen: (name: String, full: String)?) -> Int? {
        guard let screen, screen.name.utf8.count > BoundedName.limit || screen.full.utf8.count > BoundedName.limit else { return nil }
        let key = screen.full + "\u{0}" + screen.name
        if let known = index[key] { return known }
        index[key] = names.count
        names.append(Name(name: screen.name, full: screen.full))
        return names.count - 1
    }
}
