extension Rule {
    /// 2.5.8 Target Size (Minimum), measured against the platform's minimum
    /// (ios 44x44 pt, android 48x48 dp, web 24x24 px) unless thresholds say otherwise.
    static let targetSize = Rule(
        id: "target-size", wcag: ["2.5.8"], level: .AA, impact: .serious,
        description: "Interactive elements are at least the platform's minimum target size.",
        help: "Enlarge the hit area (frame or accessibilityFrame / contentShape); iOS 44x44 pt, Android 48x48 dp, web 24x24 px.",
        check: { ctx in
            TargetSizeCheck.findings(ctx, width: ctx.thresholds.targetWidth, height: ctx.thresholds.targetHeight)
        })
}
