extension Rule {
    /// 2.5.5 Target Size (Enhanced), AAA: 44x44.
    ///
    /// Cost: O(n) in controls.
    static let targetSizeEnhanced = Rule(
        id: "target-size-enhanced", wcag: ["2.5.5"], level: .AAA, impact: .moderate,
        description: "Interactive elements are at least 44x44.",
        help: "Enlarge the hit area to 44x44 for AAA conformance.",
        check: { ctx in
            let size = ctx.thresholds.enhancedTargetSize
            return TargetSizeCheck.findings(ctx, width: size, height: size)
        })
}
