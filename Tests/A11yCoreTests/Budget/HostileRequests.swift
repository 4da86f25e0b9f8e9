/// The hostile request shapes of issue 15, generated at a size `n` (the same shapes as the
/// benchmark's `--attacks`), each small in bytes and once huge in response, memory or time.
enum HostileRequest {
    static let longText = String(repeating: "a", count: 65_536)

    static func frame(_ k: Int) -> String { "\"frame\":{\"x\":0,\"y\":\(k * 50),\"width\":300,\"height\":44}" }

    /// A cell whose label joins `n` copies of `from` one node holding 64 KiB of text.
    static func joinedFrom(_ n: Int) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"children\":["
            + "{\"id\":\"b\",\"type\":\"text\",\"text\":\"\(longText)\",\(frame(1))},"
            + "{\"id\":\"c\",\"type\":\"cell\",\(frame(2)),\"strategies\":{\"label\":{\"joined\":["
            + Array(repeating: "{\"from\":\"b\"}", count: n).joined(separator: ",") + "]}}}]}}"
    }

    /// A 64 KiB `a11yRoot` above `n` buttons with a `nestedIdentifier` each.
    static func nestedIDFanout(_ n: Int) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"a11yRoot\":\"\(longText)\",\"grouping\":\"contain\",\"children\":["
            + (0..<n).map { "{\"type\":\"button\",\"label\":\"b\",\"nestedIdentifier\":\"n\($0)\",\(frame($0))}" }.joined(separator: ",")
            + "]}}"
    }

    /// `n` deferral content entries and `n` sources sharing one identifier.
    static func deferralAmbiguous(_ n: Int) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"deferral\":{\"content\":["
            + Array(repeating: "{\"kind\":\"inherited\",\"identifier\":\"s\"}", count: n).joined(separator: ",")
            + "]},\"children\":[{\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            + Array(repeating: "{\"type\":\"text\",\"text\":\"t\",\"deferredSource\":\"s\"}", count: n).joined(separator: ",")
            + "]}}"
    }

    /// A `depth`-level chain above `n` leaves: unlabeled buttons, or texts under `combine` at every level.
    static func chain(depth: Int, leaves n: Int, combine: Bool) -> String {
        let open = combine ? "{\"type\":\"view\",\"grouping\":\"combine\",\"children\":[" : "{\"type\":\"view\",\"children\":["
        return "{\"root\":" + String(repeating: open, count: depth)
            + (0..<n).map { combine ? "{\"type\":\"text\",\"text\":\"t\($0)\"}" : "{\"type\":\"button\",\(frame($0))}" }
                .joined(separator: ",")
            + String(repeating: "]}", count: depth) + "}"
    }

    /// `n` content entries (inherited and error in turn) naming one source whose subtree holds `n` texts.
    static func deferralSubtree(_ n: Int) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"deferral\":{\"content\":["
            + (0..<n).map { "{\"kind\":\"\($0 % 2 == 0 ? "inherited" : "error")\",\"identifier\":\"s\"}" }.joined(separator: ",")
            + "]},\"children\":[{\"id\":\"f\",\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            + "{\"type\":\"view\",\"deferredSource\":\"s\",\"children\":["
            + (0..<n).map { "{\"type\":\"text\",\"text\":\"t\($0)\"}" }.joined(separator: ",") + "]}]}}"
    }

    /// `n` distinct sources deferred to one receiver.
    static func manySources(_ n: Int) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"deferral\":{\"content\":["
            + (0..<n).map { "{\"kind\":\"inherited\",\"identifier\":\"s\($0)\"}" }.joined(separator: ",")
            + "]},\"children\":[{\"id\":\"f\",\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            + (0..<n).map { "{\"type\":\"text\",\"text\":\"t\($0)\",\"deferredSource\":\"s\($0)\"}" }.joined(separator: ",")
            + "]}}"
    }

    /// A cell whose traits merge, and whose label joins, `n` distinct nodes.
    static func mergeMany(_ n: Int) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"children\":["
            + "{\"id\":\"c\",\"type\":\"cell\",\(frame(1)),\"strategies\":{\"traits\":{\"merge\":["
            + (0..<n).map { "\"n\($0)\"" }.joined(separator: ",") + "]},\"label\":{\"joined\":["
            + (0..<n).map { "{\"from\":\"n\($0)\"}" }.joined(separator: ",") + "]}}},"
            + (0..<n).map { "{\"id\":\"n\($0)\",\"type\":\"text\",\"text\":\"t\"}" }.joined(separator: ",") + "]}}"
    }

    /// `depth` nested deferral containers, each naming one source of `n` texts at the foot.
    static func nestedDeferral(depth: Int, texts n: Int) -> String {
        "{\"root\":" + String(repeating: "{\"type\":\"view\",\"deferral\":{\"content\":[{\"kind\":\"inherited\",\"identifier\":\"s\"}]},\"children\":[", count: depth)
            + "{\"id\":\"f\",\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            + "{\"type\":\"view\",\"deferredSource\":\"s\",\"children\":["
            + (0..<n).map { "{\"type\":\"text\",\"text\":\"t\($0)\"}" }.joined(separator: ",")
            + "]}" + String(repeating: "]}", count: depth) + "}"
    }

    /// `n` unlabeled buttons side by side (a few findings each).
    static func unlabeledButtons(_ n: Int) -> String {
        "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"children\":["
            + (0..<n).map { "{\"id\":\"b\($0)\",\"type\":\"button\",\(frame($0))}" }.joined(separator: ",") + "]}}"
    }
}
