import A11yEngines
/// What a screen reader says on a screen, stop by stop in reading order: the `spoken` text of
/// each element (VoiceOver's words, TalkBack's on Android trees). The baseline file keeps it
/// per screen so the markdown report can show a reviewer how the screen now sounds
/// (`TranscriptDiff`).
///
/// Bounded: the first `maxStops` stops are kept (the rest counted in `leftOut`), each text cut
/// to `maxTextLength` characters with a final `…`. Both sides of a comparison are cut the same
/// way, so a cut text compares equal when the screen did not change.
public struct SpokenTranscript: Sendable, Equatable {
    /// Stops kept per screen.
    public static let maxStops = 500
    /// Characters kept of one stop's text (the cut one ends in `…`).
    public static let maxTextLength = 200

    /// The kept stops' texts, in reading order ("" for a stop that says nothing).
    public private(set) var stops: [String] = []
    /// Stops past `maxStops`, counted, not kept.
    public private(set) var leftOut = 0

    public init() {}

    /// The transcript of an audited screen.
    public init(_ analysis: Analysis) {
        for element in analysis.elements { append(element.spoken) }
    }

    /// Adds the next stop (cut, or counted when the screen is full).
    public mutating func append(_ text: String) {
        guard stops.count < Self.maxStops else { leftOut += 1; return }
        stops.append(text.count > Self.maxTextLength ? String(text.prefix(Self.maxTextLength - 1)) + "…" : text)
    }

    /// Stops left out of the file beyond those it lists (a file read back keeps its count).
    mutating func addLeftOut(_ count: Int) { leftOut += max(0, count) }
}

/// The change between a screen's baseline transcript and its transcript now: a line diff over
/// stop texts (longest common subsequence). Common leading and trailing stops are set aside
/// first, so the usual small change costs little; what remains is at most `maxStops` a side,
/// so the table is bounded (500 × 500 cells).
public struct TranscriptDiff: Sendable, Equatable {
    public enum Line: Sendable, Equatable {
        case same(String), removed(String), added(String)
    }

    /// Every stop of both sides, in order: removed before added within a change.
    public private(set) var lines: [Line] = []

    public init(from old: [String], to new: [String]) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        lines = old[..<prefix].map { .same($0) }
        lines += Self.middle(Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]))
        lines += old[(old.count - suffix)...].map { .same($0) }
    }

    /// LCS table from the end: `length[i][j]` = longest common subsequence of `a[i...]`, `b[j...]`.
    private static func middle(_ a: [String], _ b: [String]) -> [Line] {
        if a.isEmpty { return b.map { .added($0) } }
        if b.isEmpty { return a.map { .removed($0) } }
        let width = b.count + 1
        var length = [UInt16](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                length[i * width + j] = a[i] == b[j] ? length[(i + 1) * width + j + 1] + 1
                    : max(length[(i + 1) * width + j], length[i * width + j + 1])
            }
        }
        var lines: [Line] = [], added: [Line] = []
        var i = 0, j = 0
        // Removed stops of a change are written before its added ones ("- old", "+ new").
        func flush() { lines += added; added = [] }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                flush(); lines.append(.same(a[i])); i += 1; j += 1
            } else if j < b.count, i == a.count || length[i * width + j + 1] >= length[(i + 1) * width + j] {
                added.append(.added(b[j])); j += 1
            } else {
                lines.append(.removed(a[i])); i += 1
            }
        }
        flush()
        return lines
    }

    public var hasChanges: Bool { lines.contains { if case .same = $0 { false } else { true } } }

    /// Stops added, removed, and (paired within one change) now sounding different.
    public var counts: (added: Int, removed: Int, changed: Int) {
        var added = 0, removed = 0, changed = 0
        var runAdded = 0, runRemoved = 0
        func close() {
            let pairs = min(runAdded, runRemoved)
            changed += pairs; added += runAdded - pairs; removed += runRemoved - pairs
            runAdded = 0; runRemoved = 0
        }
        for line in lines {
            switch line {
            case .same: close()
            case .added: runAdded += 1
            case .removed: runRemoved += 1
            }
        }
        close()
        return (added, removed, changed)
    }
}
