extension Rule {
    /// 1.4.6 Contrast (Enhanced); AAA, so it runs only when AAA is asked for.
    ///
    /// Cost: O(n) in nodes drawing text.
    static let enhancedContrast = Rule(
        id: "text-contrast-enhanced", wcag: ["1.4.6"], level: .AAA, impact: .serious,
        description: "Text has a contrast of at least 7:1 (4.5:1 for large text) with its background.",
        help: "Raise the contrast further for readers with low vision; AAA conformance needs 7:1.",
        inapplicability: TextContrastCheck.inapplicability,
        check: { ctx in
            TextContrastCheck.findings(ctx, normal: ctx.thresholds.enhancedContrastText,
                                       large: ctx.thresholds.enhancedContrastLargeText)
        })
}
