extension Rule {
    /// Best practice (Apple HIG): control labels are short names, not sentences; a final
    /// period changes VoiceOver's intonation and pause.
    ///
    /// Cost: O(n) in controls.
    static let labelTrailingPeriod = Rule(
        id: "label-trailing-period", wcag: [], level: nil, impact: .minor,
        description: "Control labels do not end with a period.",
        help: "Remove the trailing \".\" from the label; use a short name such as \"Add to cart\".",
        check: { ctx in
            ctx.controls.compactMap { e in
                guard let label = ctx.elements[e].label, label.hasSuffix("."), !label.hasSuffix("...") else { return nil }
                return ctx.finding(elementAt: e, message: "Control label \"\(label)\" ends with a period.",
                                   data: [("label", .string(label))])
            }
        })
}
