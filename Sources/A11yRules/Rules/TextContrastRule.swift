extension Rule {
    /// 1.4.3 Contrast (Minimum).
    ///
    /// Cost: O(n) in nodes drawing text.
    static let textContrast = Rule(
        id: "text-contrast", wcag: ["1.4.3"], level: .AA, impact: .serious,
        description: "Text has a contrast of at least 4.5:1 (3:1 for large text) with its background.",
        help: "Darken the text or lighten the background (or the reverse). Large text is 18 pt, or 14 pt bold.",
        inapplicability: TextContrastCheck.inapplicability,
        check: { ctx in
            TextContrastCheck.findings(ctx, normal: ctx.thresholds.contrastText, large: ctx.thresholds.contrastLargeText)
        })
}
