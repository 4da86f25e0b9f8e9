extension Rule {
    /// Best practice: a label that looks like a constant or a view name (`QUOTE_TEXTVIEW`,
    /// `submitButton`) is a leaked identifier, read aloud letter by letter or as gibberish.
    /// Judged on labels someone set (controls, images, views), not on plain text, whose words
    /// are shown content (an artist called "dj_snake"; `RuleContext.isPlainText`).
    ///
    /// Cost: O(n) in elements, linear in each label.
    static let labelCodeLike = Rule(
        id: "label-code-like", wcag: [], level: nil, impact: .moderate,
        description: "Labels are words people understand, not code identifiers such as QUOTE_TEXTVIEW.",
        help: "Replace the label with human wording; keep identifiers in accessibilityIdentifier.",
        check: { ctx in
            ctx.elements.indices.compactMap { e in
                guard let label = ctx.elements[e].label, !ctx.isPlainText(elementAt: e), CodeLikeLabel.matches(label) else { return nil }
                return ctx.finding(elementAt: e, message: "Label \"\(label)\" looks like a code identifier.",
                                   data: [("label", .string(label))])
            }
        })
}

enum CodeLikeLabel {
    /// View-class suffixes that give away a camelCase identifier ("quoteTextView").
    static let viewSuffixes = ["Button", "Label", "View", "Field", "Image", "Icon", "Cell", "Btn", "Img", "Lbl"]

    static func matches(_ label: String) -> Bool {
        var text = label
        if let ascii = text.withUTF8(asciiMatches) { return ascii }
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

    /// `matches` for all-ASCII labels (nearly all), byte by byte with the same tests: ASCII
    /// letters and digits are exactly the ASCII characters `isLetter` / `isNumber` accept,
    /// and characters are bytes. nil when a non-ASCII byte comes before the answer.
    private static func asciiMatches(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool? {
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        // One pass: an ASCII byte that is no identifier character settles it (a space, in most
        // labels) as long as no non-ASCII byte came first (it then starts its own Character).
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            if !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_")) { return false }
        }
        guard !utf8.isEmpty, utf8.contains(where: isLetter) else { return false }
        if utf8.count > 2, utf8[1..<(utf8.count - 1)].contains(UInt8(ascii: "_")) { return true }
        guard utf8[0] >= UInt8(ascii: "a") && utf8[0] <= UInt8(ascii: "z") else { return false }
        return asciiViewSuffixes.contains { suffix in
            utf8.count > suffix.count && utf8[(utf8.count - suffix.count)...].elementsEqual(suffix)
        }
    }

    static let asciiViewSuffixes: [[UInt8]] = viewSuffixes.map { Array($0.utf8) }
}
