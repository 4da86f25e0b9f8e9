extension Rule {
    /// Best practice: a label that looks like a constant or a view name (`QUOTE_TEXTVIEW`,
    /// `submitButton`) is a leaked identifier, read aloud letter by letter or as gibberish.
    static let labelCodeLike = Rule(
        id: "label-code-like", wcag: [], level: nil, impact: .moderate,
        description: "Labels are words people understand, not code identifiers such as QUOTE_TEXTVIEW.",
        help: "Replace the label with human wording; keep identifiers in accessibilityIdentifier.",
        check: { ctx in
            ctx.elements.compactMap { element in
                guard let label = element.label, CodeLikeLabel.matches(label) else { return nil }
                return ctx.finding(element: element, message: "Label \"\(label)\" looks like a code identifier.",
                                   data: [("label", .string(label))])
            }
        })
}

enum CodeLikeLabel {
    /// View-class suffixes that give away a camelCase identifier ("quoteTextView").
    static let viewSuffixes = ["Button", "Label", "View", "Field", "Image", "Icon", "Cell", "Btn", "Img", "Lbl"]

    static func matches(_ label: String) -> Bool {
        guard !label.isEmpty, !label.contains(where: \.isWhitespace) else { return false }
        let isIdentifierChar: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
        guard label.allSatisfy(isIdentifierChar), label.contains(where: \.isLetter) else { return false }
        // snake_case / SCREAMING_SNAKE: an underscore between word characters.
        if label.dropFirst().dropLast().contains("_") { return true }
        // lowerCamelCase ending in a view-class word.
        if let first = label.first, first.isLowercase {
            return viewSuffixes.contains { label.hasSuffix($0) && label.count > $0.count }
        }
        return false
    }
}
