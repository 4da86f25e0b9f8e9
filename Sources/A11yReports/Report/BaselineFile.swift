import A11yJSON
import A11yModel
/// The baseline file (`--write-baseline FILE`, read by `--baseline FILE`):
///
///     { "version": 1, "tool": "a11y-audit", "fingerprintScheme": "a11yAudit/v1",
///       "screens": [ { "name": "login.json",
///                      "findings": [ { "fingerprint": "…", "rule": "target-size",
///                                      "node": "/root/children/2", "message": "…" } ],
///                      "transcript": [ "Back. Button.", "Pay. Button." ] } ] }
///
/// Only `fingerprint` (and the screen `name`) are matched; rule, node and message are there
/// for reviewers and for listing fixed findings. `transcript` is what the screen reader said,
/// stop by stop (`SpokenTranscript`, capped: `transcriptLeftOut` counts the stops past the
/// cap), for the Markdown transcript diff; files without it read as before. A top-level `"fingerprints": [..]`, the shape
/// of a request's `options.baseline`, is accepted too and matches on any screen.
extension Baseline {
    public static let fileVersion = 1

    public static func write(screens: [ScreenReport]) -> [UInt8] {
        Baseline(screens: screens).fileBytes(screenOrder: screens.map(\.name))
    }

    /// The file for these entries, grouped by screen in `screenOrder` (then first appearance).
    /// Entries are grouped by hashing their screen name: linear in entries and screens.
    public func fileBytes(screenOrder: [String] = []) -> [UInt8] {
        var names = screenOrder
        var entriesOf: [String: [Entry]] = [:]
        var loose: [Entry] = []
        for name in screenOrder where entriesOf[name] == nil { entriesOf[name] = [] }
        for entry in entries {
            guard let screen = entry.screen else { loose.append(entry); continue }
            if entriesOf[screen] == nil { names.append(screen) }
            entriesOf[screen, default: []].append(entry)
        }
        var json = JSONWriter(pretty: true)
        Self.writeHead(loose: loose, into: &json)
        var written = Set<String>()
        for name in names where written.insert(name).inserted {
            Self.writeScreen(name, entriesOf[name] ?? [], transcript: transcripts[name], into: &json)
        }
        Self.writeTail(into: &json)
        return json.bytes
    }

    /// The file written a screen at a time, as a batch is audited: `fileHead`, then each
    /// screen's `fileScreen` in run order, then `fileTail`; the bytes `write(screens:)` gives.
    public static func fileHead() -> [UInt8] {
        var json = JSONWriter(pretty: true)
        writeHead(loose: [], into: &json)
        return json.bytes
    }

    /// Screen `index` of the run (0-based) and its current findings.
    public static func fileScreen(_ screen: ScreenReport, index: Int) -> [UInt8] {
        var json = JSONWriter(pretty: true, depth: 2, needsComma: index > 0)
        let baseline = Baseline(screens: [screen])
        writeScreen(screen.name, baseline.entries, transcript: baseline.transcripts[screen.name], into: &json)
        return json.bytes
    }

    public static func fileTail(screens: Int) -> [UInt8] {
        var json = JSONWriter(pretty: true, depth: 2, needsComma: screens > 0)
        writeTail(into: &json)
        return json.bytes
    }

    private static func writeHead(loose: [Entry], into json: inout JSONWriter) {
        json.beginObject()
        json.key("version"); json.int(Baseline.fileVersion)
        json.key("tool"); json.string("a11y-audit")
        json.key("fingerprintScheme"); json.string(Fingerprint.scheme)
        if !loose.isEmpty {
            json.key("fingerprints"); json.beginArray()
            for entry in loose { json.string(entry.fingerprint) }
            json.endArray()
        }
        json.key("screens"); json.beginArray()
    }

    private static func writeScreen(_ name: String, _ entries: [Entry], transcript: SpokenTranscript?,
                                    into json: inout JSONWriter) {
        json.beginObject()
        json.key("name"); json.string(name)
        json.key("findings"); json.beginArray()
        for entry in entries {
            json.beginObject()
            entry.writeFields(into: &json)
            json.endObject()
        }
        json.endArray()
        if let transcript {
            json.key("transcript"); json.beginArray()
            for stop in transcript.stops { json.string(stop) }
            json.endArray()
            if transcript.leftOut > 0 { json.key("transcriptLeftOut"); json.int(transcript.leftOut) }
        }
        json.endObject()
    }

    private static func writeTail(into json: inout JSONWriter) {
        json.endArray()
        json.endObject()
        json.finalNewline()
    }

    /// Reads a baseline file. Errors point into the file (JSON Pointer), like request errors:
    /// the same cursor reads both.
    public static func parse(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default) throws(InputError) -> Baseline {
        var c = JSONCursor(bytes, limits: limits)
        // A file that is not an object at all is not a baseline file: report it as malformed.
        guard try c.kind() == .object else { throw InputError(.syntax, "a baseline file is a JSON object", at: "") }
        var version: Int?
        var entries: [Entry] = []
        var transcripts: [String: SpokenTranscript] = [:]
        try c.object("a baseline object") { c, key throws(InputError) in
            switch key {
            case "version":
                let value = try c.number()
                guard value == Double(fileVersion) else {
                    throw c.error(.invalidValue, "unsupported baseline version \(value); this build reads version \(fileVersion)")
                }
                version = fileVersion
            case "fingerprintScheme":
                let scheme = try c.string()
                guard scheme == Fingerprint.scheme else {
                    throw c.error(.invalidValue, "baseline fingerprints use scheme \"\(scheme)\", this build computes \"\(Fingerprint.scheme)\"; write the baseline again")
                }
            case "fingerprints":
                try c.array { c, _ throws(InputError) in entries.append(Entry(screen: nil, fingerprint: try c.string())) }
            case "screens":
                try c.array { c, _ throws(InputError) in
                    let (name, findings, transcript) = try screen(&c)
                    entries += findings
                    if let transcript { transcripts[name] = transcript }
                }
            default:
                try c.skip()
            }
        }
        try c.finish()
        guard version != nil else { throw InputError(.missing, "a baseline file needs \"version\": \(fileVersion)", at: "") }
        return Baseline(entries: entries, transcripts: transcripts)
    }

    private static func screen(_ c: inout JSONCursor) throws(InputError) -> (String, [Entry], SpokenTranscript?) {
        var name: String?
        var findings: [Entry] = []
        var transcript: SpokenTranscript?
        var leftOut = 0
        try c.object("a baseline screen object") { c, key throws(InputError) in
            switch key {
            case "name": name = try c.string()
            case "findings": try c.array { c, _ throws(InputError) in findings.append(try finding(&c)) }
            // Read with the same caps as written, so a hand-made file cannot hold more.
            case "transcript":
                var read = SpokenTranscript()
                try c.array { c, _ throws(InputError) in read.append(try c.string()) }
                transcript = read
            case "transcriptLeftOut":
                let value = try c.number()
                guard value >= 0, value <= Double(Int32.max), value == value.rounded() else {
                    throw c.error(.invalidValue, "\"transcriptLeftOut\" is a count of stops (a whole number, 0 or more)")
                }
                leftOut = Int(value)
            default: try c.skip()
            }
        }
        guard let name else { throw c.error(.missing, "a baseline screen needs a \"name\"") }
        transcript?.addLeftOut(leftOut)
        return (name, findings.map { var entry = $0; entry.screen = name; return entry }, transcript)
    }

    private static func finding(_ c: inout JSONCursor) throws(InputError) -> Entry {
        var entry = Entry(screen: nil, fingerprint: "")
        var hasFingerprint = false
        try c.object("a baseline finding object") { c, key throws(InputError) in
            switch key {
            case "fingerprint": entry.fingerprint = try c.string(); hasFingerprint = true
            case "rule": entry.rule = try c.string()
            case "node": entry.node = try c.string()
            case "message": entry.message = try c.string()
            default: try c.skip()
            }
        }
        guard hasFingerprint else { throw c.error(.missing, "a baseline finding needs a \"fingerprint\"") }
        return entry
    }
}

extension Baseline.Entry {
    /// The entry's fingerprint and, where known, the rule, node and message people read it by:
    /// a finding in the file, and a fixed one in a summary.
    func writeFields(into json: inout JSONWriter) {
        json.key("fingerprint"); json.string(fingerprint)
        if let rule { json.key("rule"); json.string(rule) }
        if let node { json.key("node"); json.string(node) }
        if let message { json.key("message"); json.string(message) }
    }
}
