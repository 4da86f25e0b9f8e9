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
                // What the control shows as its name: its own text, else the texts it was
                // composed from, less the one shown as its value (a price, the typed text).
                let value = element.value.map(spokenWords)
                let texts = element.nodes.compactMap { ctx.nodes[$0].visibleText }.filter { spokenWords($0) != value }
                guard let label = element.label else { return nil }
                let shown = texts.flatMap(spokenWords)
                guard !shown.isEmpty else { return nil }
                let inputLabels = ctx.nodes[element.node].userInputLabels
                let accepted = inputLabels.isEmpty ? [label] : inputLabels
                guard !accepted.contains(where: { containsRun(spokenWords($0), shown) }) else { return nil }
                let names = inputLabels.isEmpty ? "label \"\(label)\"" : "user input labels \"" + inputLabels.joined(separator: "\", \"") + "\""
                let visible = texts.joined(separator: " ")
                return ctx.finding(elementAt: e, message: "Visible text \"\(visible)\" is not in the \(names).",
                                   data: [("visibleText", .string(visible)), ("accepted", .strings(accepted))])
            }
        })

    /// The words a listener hears and a speaker says: runs of letters, digits and combining
    /// marks, lowercased. Spacing and punctuation between words are not spoken, so "Dune,
    /// Science fiction" (labels joined by composition) holds the shown "Dune" "Science fiction".
    static func spokenWords(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (0x30...0x39).contains(v) || (0x61...0x7A).contains(v) || (0x41...0x5A).contains(v)
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return properties.isAlphabetic
        }
    }

    /// Whether `part` appears in `words` as consecutive words (compared as Strings, so
    /// canonically equivalent spellings match).
    static func containsRun(_ words: [String], _ part: [String]) -> Bool {
        guard part.count <= words.count else { return false }
        return (0...(words.count - part.count)).contains { start in
            part.indices.allSatisfy { words[start + $0] == part[$0] }
        }
    }
}
