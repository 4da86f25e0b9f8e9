/// Texts a report writes per element or finding that can hold their ancestors' text: a nested
/// identifier composed from every level above it (`n0.n1.….n499.b499`). Written whole up to
/// `limit` UTF-8 bytes; past it, `…` and the last `keep` bytes (the node's own, most specific
/// segments), with the number of bytes left off the front said beside it. The whole text is
/// written once, in the screen's `identifiers`, as its parent's entry and its own segment.
package enum BoundedText {
    package static let limit = 256
    package static let keep = 200

    /// The last `keep` bytes of `text`, cut after a character that would pass them.
    package static func tail(_ text: String) -> String {
        var start = text.endIndex
        var bytes = 0
        while start > text.startIndex {
            let before = text.index(before: start)
            bytes += text[before..<start].utf8.count
            if bytes > keep { break }
            start = before
        }
        return String(text[start...])
    }

    /// `text` whole when short, else `…` and its tail (`[…N bytes]` says how much was left off).
    package static func shown(_ text: String) -> String {
        guard text.utf8.count > limit else { return text }
        let tail = tail(text)
        return "[…\(text.utf8.count - tail.utf8.count) bytes]" + tail
    }
}

/// Steps one entry of a screen's path table covers at most: `NodePaths` (the reports) writes
/// the table, and `OutputMeter` charges a reference to a node at most this many steps.
package let nodePathSpan = 16
