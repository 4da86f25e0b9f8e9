extension Rule {
    /// 2.5.3 Label in Name: a speech-input user says what they see. Voice Control and Full
    /// Keyboard Access accept a control by the names in `userInputLabels` (UIKit
    /// `accessibilityUserInputLabels`), else by its label; a control whose visible text is in
    /// none of them cannot be activated by saying that text.
    static let labelInName = Rule(
        id: "label-in-name", wcag: ["2.5.3"], level: .A, impact: .serious,
        description: "The names speech input accepts for a control contain its visible text.",
        help: "Start the accessibility label (or one of the accessibilityUserInputLabels) with the text the control shows.",
        check: { ctx in
            ctx.controls.compactMap { e in
                guard !ctx.lacksLabel(elementAt: e) else { return nil }
                let element = ctx.elements[e]
                // What the control shows: its own text, else the texts it was composed from.
                let texts = element.nodes.compactMap { ctx.nodes[$0].visibleText }
                guard !texts.isEmpty, let label = element.label else { return nil }
                let inputLabels = ctx.nodes[element.node].userInputLabels
                let accepted = inputLabels.isEmpty ? [label] : inputLabels
                guard let heard = isHeard(texts, in: accepted), !heard else { return nil }
                let names = inputLabels.isEmpty ? "label \"\(label)\"" : "user input labels \"" + inputLabels.joined(separator: "\", \"") + "\""
                let shown = texts.joined(separator: " ")
                return ctx.finding(elementAt: e, message: "Visible text \"\(shown)\" is not in the \(names).",
                                   data: [("visibleText", .string(shown)), ("accepted", .strings(accepted))])
            }
        })

    /// Whether one of the `names` contains the `shown` texts (joined by spaces), both in spoken
    /// form; nil when the shown text says nothing (blank).
    static func isHeard(_ shown: [String], in names: [String]) -> Bool? {
        if let visible = composedSpokenForm(shown) {
            guard !visible.isEmpty else { return nil }
            let spokenNames = names.map { composedSpokenForm([$0]) }
            if !spokenNames.contains(nil) {
                return spokenNames.contains { containsBytes($0!, visible) }
            }
        }
        let visible = spokenForm(shown.joined(separator: " "))
        guard !visible.isEmpty else { return nil }
        return names.contains { spokenForm($0).contains(visible) }
    }

    /// Case and spacing as speech input ignores them: trimmed, lowercased, runs of whitespace as one space.
    static func spokenForm(_ text: String) -> String {
        text.normalizedForComparison.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `spokenForm` of the texts joined by spaces, as UTF-8 bytes, for text that lowercased is
    /// `isPlainlyComposed` (nearly all text); nil for other text. Its Characters are
    /// its scalars, so searching its Characters is searching its bytes: the Character walk of
    /// split, joined and contains cost ~100k instructions per control.
    private static func composedSpokenForm(_ texts: [String]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(texts.reduce(texts.count) { $0 + $1.utf8.count })
        for var text in texts {
            let start = out.count
            // The space the texts are joined by.
            var space = !out.isEmpty
            if text.withUTF8({ appendSpoken($0, to: &out, space: &space, lowercased: false) }) { continue }
            // Latin Extended letters: lowercased by `normalizedForComparison` first.
            out.removeSubrange(start...)
            space = !out.isEmpty
            var lowered = text.normalizedForComparison
            guard lowered.withUTF8({ appendSpoken($0, to: &out, space: &space, lowercased: true) }) else { return nil }
        }
        return out
    }

    /// Appends the words of `utf8`, lowercased, each after one space (none before the first word
    /// of all); false, part written, for text that is not plainly composed, or holds U+0100...U+02FF
    /// unless already `lowercased`.
    private static func appendSpoken(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], space: inout Bool,
                                     lowercased: Bool) -> Bool {
        guard String.isPlainlyComposed(utf8) else { return false }
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            // White_Space among these scalars: ASCII's, U+0085 and U+00A0.
            if String.isASCIIWhitespace(byte) || byte == 0xC2 && (utf8[i + 1] == 0x85 || utf8[i + 1] == 0xA0) {
                space = !out.isEmpty
                i += byte == 0xC2 ? 2 : 1
                continue
            }
            if space { out.append(0x20); space = false }
            switch byte {
            case ..<0x80:
                out.append(String.asciiLowercased(byte))
                i += 1
            case 0xC2, 0xC3:
                // Latin-1, lowercased as `normalizedForComparison` does.
                let lower = String.lowercaseLatin1(UInt32(byte & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F))!
                out.append(0xC0 | UInt8(lower >> 6))
                out.append(0x80 | UInt8(lower & 0x3F))
                i += 2
            case 0xE2:
                // An uncased sign.
                out.append(byte); out.append(utf8[i + 1]); out.append(utf8[i + 2])
                i += 3
            case 0xC4...0xCB where lowercased:
                out.append(byte); out.append(utf8[i + 1])
                i += 2
            default:
                return false
            }
        }
        return true
    }

    private static func containsBytes(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { start in
            part.indices.allSatisfy { text[start + $0] == part[$0] }
        }
    }
}
