extension Rule {
    /// Best practice: a hint that repeats the label is read twice and says nothing new.
    ///
    /// Cost: O(n) in elements, linear in each label and hint.
    static let labelEqualsHint = Rule(
        id: "label-equals-hint", wcag: [], level: nil, impact: .minor,
        description: "The hint does not repeat the label.",
        help: "Make the hint describe the result of the action (\"Opens the song list\"), or remove it.",
        check: { ctx in
            ctx.elements.indices.compactMap { e in
                guard let hint = ctx.elements[e].hint, !ctx.lacksLabel(elementAt: e), let label = ctx.elements[e].label,
                      label.normalizedForComparison == hint.normalizedForComparison else { return nil }
                return ctx.finding(elementAt: e, message: "Hint repeats the label \"\(label)\".",
                                   data: [("label", .string(label)), ("hint", .string(hint))])
            }
        })
}
