extension Rule {
    /// 2.5.8 Target Size (Minimum), measured against the platform's minimum
    /// (ios 44x44 pt, android 48x48 dp, web 24x24 px) unless thresholds say otherwise.
    /// Android trees are measured as ATF measures them (`AndroidTargetSize`): whole dp,
    /// 32 dp against the screen's edge, not at a scrolling container's edge.
    ///
    /// Cost: O(n) in controls (Android: ancestors worked out once for all nodes, O(n)).
    static let targetSize = Rule(
        id: "target-size", wcag: ["2.5.8"], level: .AA, impact: .serious,
        description: "Interactive elements are at least the platform's minimum target size.",
        help: "Enlarge the hit area (frame or accessibilityFrame / contentShape); iOS 44x44 pt, Android 48x48 dp (32 dp against the screen's edge), web 24x24 px.",
        check: { ctx in
            let width = ctx.thresholds.targetWidth, height = ctx.thresholds.targetHeight
            if ctx.document.platform == .android { return AndroidTargetSize.findings(ctx, width: width, height: height) }
            return TargetSizeCheck.findings(ctx, width: width, height: height)
        })
}
