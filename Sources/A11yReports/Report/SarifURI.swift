import A11yJSON
/// `artifactLocation.uri` for a screen's source. The source is text from the request
/// (`options.source`) or a file name, and code-scanning viewers turn the URI into a link, so
/// a source such as `javascript:alert(1)` or `//evil.example/x` must not come out as a URI
/// with a scheme or a host. Two forms are written (RFC 3986):
///
/// - A source starting with `file:` (any case) is a file URI: kept as a URI, with every
///   character a URI may not hold percent-encoded (valid `%XX` escapes are kept as given).
/// - Anything else is a path, written as a relative reference: every byte outside the path
///   characters is percent-encoded, `%` included, and so is `:` (so no first segment can read
///   as a scheme, §4.2); a leading `//` is collapsed to `/` so that no authority (host) can
///   start it. `javascript:alert(1)` becomes the harmless relative path `javascript%3Aalert(1)`.
///   An absolute path (`/home/ci/app/login.json`) is written relative to the base `ROOT`
///   (`home/ci/app/login.json`, `uriBaseId` `ROOT`, which the run's `originalUriBaseIds` says
///   is `file:///`): GitHub code scanning and sarif-sdk's GitHub rules (GH1005) want relative
///   URIs with a base, never a bare absolute path.
enum SarifURI {
    /// The base id of absolute paths, and the URI it stands for.
    static let rootBase = "ROOT"
    static let rootURI = "file:///"

    static func reference(_ source: String) -> SarifArtifact {
        var artifact: SarifArtifact
        if source.utf8.count >= 5, source.prefix(5).lowercased() == "file:" {
            artifact = SarifArtifact(uri: "file:" + encode(source.dropFirst(5), keep: pathCharacters.union([UInt8(ascii: ":")]), keepEscapes: true))
        } else if source.hasPrefix("/") {
            artifact = SarifArtifact(uri: encode(source.drop { $0 == "/" }, keep: pathCharacters, keepEscapes: false), base: rootBase)
        } else {
            artifact = SarifArtifact(uri: encode(Substring(source), keep: pathCharacters, keepEscapes: false))
        }
        return bounded(artifact, source: source)
    }

    /// Every result repeats its artifact's URI (GitHub needs `uri` in each result, GH1001), so
    /// a URI longer than `BoundedName.limit` bytes is cut to its first `BoundedName.keep`
    /// bytes (never inside a `%XX` escape) followed by `…` (percent-encoded) and the source's
    /// hash (`BoundedName`); the whole source is written once, in the run's `artifacts`.
    private static func bounded(_ artifact: SarifArtifact, source: String) -> SarifArtifact {
        let bytes = Array(artifact.uri.utf8)
        guard bytes.count > BoundedName.limit else { return artifact }
        var cut = BoundedName.keep
        // Back up to the start of an escape the cut would split.
        for back in 1...2 where bytes[cut - back] == UInt8(ascii: "%") { cut -= back; break }
        let uri = String(decoding: bytes[..<cut], as: UTF8.self) + "%E2%80%A6" + BoundedName.hash(source)
        return SarifArtifact(uri: uri, base: artifact.base, source: source)
    }

    /// RFC 3986 `pchar` without `:` (unreserved, sub-delims, `@`) plus the `/` between segments.
    private static let pathCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@/".utf8)

    private static func encode(_ text: Substring, keep allowed: Set<UInt8>, keepEscapes: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (i, byte) in bytes.enumerated() {
            if allowed.contains(byte) || (keepEscapes && byte == UInt8(ascii: "%") && isEscape(bytes, at: i)) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the `%` at `i` starts a `%XX` escape.
    private static func isEscape(_ bytes: [UInt8], at i: Int) -> Bool {
        func isHex(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b) }
        return i + 2 < bytes.count && isHex(bytes[i + 1]) && isHex(bytes[i + 2])
    }
}

/// One artifact (input file) of a SARIF run: its URI and, for an absolute path, the base it is
/// relative to (`uriBaseId`).
struct SarifArtifact: Hashable, Sendable {
    var uri: String
    var base: String?
    /// The whole source when `uri` is its bounded form (see `SarifURI.bounded`).
    var source: String?

    func write(to json: inout JSONWriter) {
        json.key("uri"); json.string(uri)
        if let base { json.key("uriBaseId"); json.string(base) }
    }
}
