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
                let visible = spokenForm(texts.joined(separator: " "))
                guard !visible.isEmpty, let label = element.label else { return nil }
                let inputLabels = ctx.nodes[element.node].userInputLabels
                let accepted = inputLabels.isEmpty ? [label] : inputLabels
                guard !accepted.contains(where: { spokenForm($0).contains(visible) }) else { return nil }
                let names = inputLabels.isEmpty ? "label \"\(label)\"" : "user input labels \"" + inputLabels.joined(separator: "\", \"") + "\""
                return ctx.finding(elementAt: e, message: "Visible text \"\(texts.joined(separator: " "))\" is not in the \(names).",
                                   data: [("visibleText", .string(texts.joined(separator: " "))), ("accepted", .strings(accepted))])
            }
        })

    /// Case and spacing as speech input ignores them: trimmed, lowercased, runs of whitespace as one space.
    private static func spokenForm(_ text: String) -> String {
        text.normalizedForComparison.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
