extension Rule {
    /// Best practice (ATF redundant description, Apple HIG): the trait already says the role,
    /// state lives in traits or value, and how to operate belongs in the hint.
    static let labelRoleWords = Rule(
        id: "label-role-words", wcag: [], level: nil, impact: .minor,
        description: "Labels do not repeat the role, state or gesture (\"button\", \"selected\", \"tap to\").",
        help: "Drop the word from the label: VoiceOver already says \"Button\" / \"Selected\" from the traits; put instructions in the hint.",
        check: { ctx in
            // Labels repeat a lot (list rows, tabs): phrases found per distinct label.
            var phrasesByLabel: [String: [Int]] = [:]
            return ctx.elements.compactMap { element in
                guard let label = element.label, LabelRoleWords.mayContainPhrase(label) else { return nil }
                let phrases = phrasesByLabel[label] ?? {
                    let found = LabelRoleWords.phrases(in: label)
                    phrasesByLabel[label] = found
                    return found
                }()
                let found = phrases.map { LabelRoleWords.table[$0] }.filter { entry in
                    entry.trait.map { element.traits.contains($0) } ?? true
                }.map { $0.phrase.joined(separator: " ") }
                guard !found.isEmpty else { return nil }
                return ctx.finding(element: element,
                                   message: "Label \"\(label)\" contains \(found.map { "\"\($0)\"" }.joined(separator: ", ")), which VoiceOver already conveys.",
                                   data: [("label", .string(label)), ("words", .strings(found))])
            }
        })
}

enum LabelRoleWords {
    /// A role word is redundant only when the matching trait is set (a "Tab" label on a
    /// button is not); state and gesture words always are.
    static let table: [(phrase: [String], trait: Traits?)] = [
        (["button"], .button), (["link"], .link), (["image"], .image), (["picture"], .image),
        (["heading"], .header), (["tab"], .tab),
        (["selected"], nil), (["unselected"], nil), (["checked"], nil), (["unchecked"], nil),
        (["tap", "to"], nil), (["double", "tap"], nil), (["click"], nil), (["swipe", "to"], nil),
    ]

    /// Indices of the table entries whose phrase occurs in `label`, in table order.
    static func phrases(in label: String) -> [Int] {
        let words = LabelWords.words(label)
        return table.indices.filter { LabelWords.contains(words, phrase: table[$0].phrase) }
    }

    /// First words of the phrases, for `mayContainPhrase`.
    static let firstWords: [[UInt8]] = table.map { Array($0.phrase[0].utf8) }

    /// False only when no phrase can match `label`: a phrase's first word must then appear
    /// in the label's bytes, ignoring ASCII case. Words are compared after `lowercased()`,
    /// and the only non-ASCII scalar that lowercases to a plain ASCII letter is KELVIN SIGN
    /// (U+212A, to "k"; U+0130 gives "i" plus a combining dot, which stays part of the
    /// character), so labels holding it always take the full check. Most labels are decided
    /// by this byte scan and never split into words.
    static func mayContainPhrase(_ label: String) -> Bool {
        var text = label
        return text.withUTF8 { utf8 in
            if firstWords.contains(where: { word in containsIgnoringASCIICase(utf8, word) }) { return true }
            return !utf8.allSatisfy { $0 < 0x80 } && label.unicodeScalars.contains("\u{212A}")
        }
    }

    /// `needle` is lowercase ASCII letters.
    private static func containsIgnoringASCIICase(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard text.count >= needle.count else { return false }
        for start in 0...(text.count - needle.count) {
            var i = 0
            // Setting bit 5 lowercases ASCII letters; needle bytes are letters, so other bytes never match by accident.
            while i < needle.count, text[start + i] | 0x20 == needle[i] { i += 1 }
            if i == needle.count { return true }
        }
        return false
    }
}
