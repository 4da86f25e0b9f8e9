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
        if source.utf8.count >= 5, source.prefix(5).lowercased() == "file:" {
            return SarifArtifact(uri: "file:" + encode(source.dropFirst(5), keep: pathCharacters.union([UInt8(ascii: ":")]), keepEscapes: true))
        }
        if source.hasPrefix("/") {
            return SarifArtifact(uri: encode(source.drop { $0 == "/" }, keep: pathCharacters, keepEscapes: false), base: rootBase)
        }
        return SarifArtifact(uri: encode(Substring(source), keep: pathCharacters, keepEscapes: false))
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

    func write(to json: inout JSONWriter) {
        json.key("uri"); json.string(uri)
        if let base { json.key("uriBaseId"); json.string(base) }
    }
}
