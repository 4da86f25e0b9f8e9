/// The form of a screen's name or source that a report repeats per result, line or test case.
/// A name comes from the request (`options.source`, up to the body's size) or from a file (a
/// Figma frame's name), so a report that wrote it whole beside every finding would grow with
/// the name times the findings (issue 24: a 60 KB name over 2,000 findings made a 241 MB
/// SARIF answer). Reports write such a name whole once per screen or run and, where it is
/// repeated, this bounded form: up to `limit` UTF-8 bytes kept as given, else the first
/// `keep` bytes (cut at a character boundary), `…` and 16 hex digits of the whole name's hash,
/// so two long names that share a beginning still differ.
enum BoundedName {
    /// Names up to this many UTF-8 bytes are repeated as they are (every real file path is).
    static let limit = 256
    /// The beginning of a longer name that its bounded form keeps.
    static let keep = 200

    static func of(_ name: String) -> String {
        guard name.utf8.count > limit else { return name }
        return prefix(name) + "…" + hash(name)
    }

    /// The first `keep` bytes of `name`, cut before a character that would pass them.
    static func prefix(_ name: String) -> String {
        var out = ""
        var bytes = 0
        for c in name {
            bytes += c.utf8.count
            if bytes > keep { break }
            out.append(c)
        }
        return out
    }

    /// 16 hex digits of the name's hash (`Fingerprint.hash`).
    static func hash(_ name: String) -> String { String(Fingerprint.hash(name).prefix(16)) }
}
