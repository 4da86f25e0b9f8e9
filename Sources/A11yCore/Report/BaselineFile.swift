/// The baseline file (`--write-baseline FILE`, read by `--baseline FILE`):
///
///     { "version": 1, "tool": "a11y-audit", "fingerprintScheme": "a11yAudit/v1",
///       "screens": [ { "name": "login.json",
///                      "findings": [ { "fingerprint": "…", "rule": "target-size",
///                                      "node": "/root/children/2", "message": "…" } ] } ] }
///
/// Only `fingerprint` (and the screen `name`) are matched; rule, node and message are there
/// for reviewers and for listing fixed findings. A top-level `"fingerprints": [..]`, the shape
/// of a request's `options.baseline`, is accepted too and matches on any screen.
extension Baseline {
    public static let fileVersion = 1

    public static func write(screens: [ScreenReport]) -> [UInt8] {
        Baseline(screens: screens).fileBytes(screenOrder: screens.map(\.name))
    }

    /// The file for these entries, grouped by screen in `screenOrder` (then first appearance).
    public func fileBytes(screenOrder: [String] = []) -> [UInt8] {
        var names = screenOrder
        var loose: [Entry] = []
        for entry in entries {
            if let screen = entry.screen { if !names.contains(screen) { names.append(screen) } }
            else { loose.append(entry) }
        }
        var json = JSONWriter(pretty: true)
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
        for name in names {
            json.beginObject()
            json.key("name"); json.string(name)
            json.key("findings"); json.beginArray()
            for entry in entries where entry.screen == name {
                json.beginObject()
                json.key("fingerprint"); json.string(entry.fingerprint)
                if let rule = entry.rule { json.key("rule"); json.string(rule) }
                if let node = entry.node { json.key("node"); json.string(node) }
                if let message = entry.message { json.key("message"); json.string(message) }
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes + [UInt8(ascii: "\n")]
    }

    /// Reads a baseline file. Errors point into the file (JSON Pointer), like request errors.
    public static func parse(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default) throws(InputError) -> Baseline {
        var parser = BaselineParser(reader: JSONReader(bytes, maxDepth: limits.maxJSONDepth, maxStringBytes: limits.maxStringBytes))
        return try parser.parse()
    }
}

private struct BaselineParser {
    var reader: JSONReader
    var entries: [Baseline.Entry] = []

    mutating func parse() throws(InputError) -> Baseline {
        var version: Int?
        try syntax { r throws(JSONSyntaxError) in try r.beginObject() }
        while let key = try syntax({ r throws(JSONSyntaxError) in try r.nextKey() }) {
            switch key {
            case "version":
                let value = try number(at: "/version")
                guard value == Double(Baseline.fileVersion) else {
                    throw InputError(.invalidValue, "unsupported baseline version \(value); this build reads version \(Baseline.fileVersion)", at: "/version")
                }
                version = Baseline.fileVersion
            case "fingerprintScheme":
                let scheme = try string(at: "/fingerprintScheme")
                guard scheme == Fingerprint.scheme else {
                    throw InputError(.invalidValue, "baseline fingerprints use scheme \"\(scheme)\", this build computes \"\(Fingerprint.scheme)\"; write the baseline again", at: "/fingerprintScheme")
                }
            case "fingerprints":
                try array(at: "/fingerprints") { parser, pointer throws(InputError) in
                    parser.entries.append(Baseline.Entry(screen: nil, fingerprint: try parser.string(at: pointer)))
                }
            case "screens":
                try array(at: "/screens") { parser, pointer throws(InputError) in try parser.screen(at: pointer) }
            default:
                try syntax { r throws(JSONSyntaxError) in try r.skipValue() }
            }
        }
        try syntax { r throws(JSONSyntaxError) in try r.finish() }
        guard version != nil else { throw InputError(.missing, "a baseline file needs \"version\": \(Baseline.fileVersion)", at: "") }
        return Baseline(entries: entries)
    }

    private mutating func screen(at pointer: String) throws(InputError) {
        var name: String?
        var findings: [Baseline.Entry] = []
        try object(at: pointer)
        while let key = try syntax({ r throws(JSONSyntaxError) in try r.nextKey() }) {
            switch key {
            case "name": name = try string(at: pointer + "/name")
            case "findings":
                try array(at: pointer + "/findings") { parser, at throws(InputError) in findings.append(try parser.finding(at: at)) }
            default: try syntax { r throws(JSONSyntaxError) in try r.skipValue() }
            }
        }
        guard let name else { throw InputError(.missing, "a baseline screen needs a \"name\"", at: pointer) }
        entries += findings.map { var entry = $0; entry.screen = name; return entry }
    }

    private mutating func finding(at pointer: String) throws(InputError) -> Baseline.Entry {
        var entry = Baseline.Entry(screen: nil, fingerprint: "")
        var hasFingerprint = false
        try object(at: pointer)
        while let key = try syntax({ r throws(JSONSyntaxError) in try r.nextKey() }) {
            switch key {
            case "fingerprint": entry.fingerprint = try string(at: pointer + "/fingerprint"); hasFingerprint = true
            case "rule": entry.rule = try string(at: pointer + "/rule")
            case "node": entry.node = try string(at: pointer + "/node")
            case "message": entry.message = try string(at: pointer + "/message")
            default: try syntax { r throws(JSONSyntaxError) in try r.skipValue() }
            }
        }
        guard hasFingerprint else { throw InputError(.missing, "a baseline finding needs a \"fingerprint\"", at: pointer) }
        return entry
    }

    // MARK: Typed reads with pointers

    private mutating func expect(_ kind: JSONValueKind, _ name: String, at pointer: String) throws(InputError) {
        let actual = try syntax { r throws(JSONSyntaxError) in try r.peek() }
        guard actual == kind else { throw InputError(.type, "expected \(name)", at: pointer) }
    }

    private mutating func object(at pointer: String) throws(InputError) {
        try expect(.object, "an object", at: pointer)
        try syntax { r throws(JSONSyntaxError) in try r.beginObject() }
    }

    private mutating func string(at pointer: String) throws(InputError) -> String {
        try expect(.string, "a string", at: pointer)
        return try syntax { r throws(JSONSyntaxError) in try r.readString() }
    }

    private mutating func number(at pointer: String) throws(InputError) -> Double {
        try expect(.number, "a number", at: pointer)
        return try syntax { r throws(JSONSyntaxError) in try r.readNumber() }
    }

    private mutating func array(at pointer: String, _ element: (inout BaselineParser, String) throws(InputError) -> Void) throws(InputError) {
        try expect(.array, "an array", at: pointer)
        try syntax { r throws(JSONSyntaxError) in try r.beginArray() }
        var index = 0
        while try syntax({ r throws(JSONSyntaxError) in try r.nextElement() }) {
            try element(&self, pointer + "/" + String(index))
            index += 1
        }
    }

    private mutating func syntax<T>(_ body: (inout JSONReader) throws(JSONSyntaxError) -> T) throws(InputError) -> T {
        do {
            return try body(&reader)
        } catch {
            throw InputError(.syntax, "baseline file is not valid JSON: \(error.description)", at: "")
        }
    }
}
