extension Rule {
    /// Best practice (ATF redundant description, Apple HIG): the trait already says the role,
    /// state lives in traits or value, and how to operate belongs in the hint.
    static let labelRoleWords = Rule(
        id: "label-role-words", wcag: [], level: nil, impact: .minor,
        description: "Labels do not repeat the role, state or gesture (\"button\", \"selected\", \"tap to\").",
        help: "Drop the word from the label: VoiceOver already says \"Button\" / \"Selected\" from the traits; put instructions in the hint.",
        check: { ctx in
            ctx.elements.compactMap { element in
                guard let label = element.label else { return nil }
                let words = LabelWords.words(label)
                let found = LabelRoleWords.table.filter { entry in
                    (entry.trait.map { element.traits.contains($0) } ?? true) && LabelWords.contains(words, phrase: entry.phrase)
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
}
