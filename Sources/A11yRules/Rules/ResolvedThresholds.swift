import A11yModel
/// Thresholds in force for one run: platform defaults overridden by `options.thresholds`.
public struct ResolvedThresholds: Equatable, Sendable {
    /// Minimum target size (2.5.8 on the web; the platform guideline on ios / android).
    public var targetWidth: Double
    public var targetHeight: Double
    /// 1.4.3 text, large text; 1.4.11 non-text.
    public var contrastText: Double
    public var contrastLargeText: Double
    public var contrastNonText: Double
    /// 1.4.6 (AAA) text and large text; fixed by WCAG.
    public var enhancedContrastText = 7.0
    public var enhancedContrastLargeText = 4.5
    /// 2.5.5 (AAA) target size in CSS px / pt / dp.
    public var enhancedTargetSize = 44.0

    public init(platform: Platform, overrides: Thresholds = Thresholds()) {
        // iOS HIG / GTXiLib 44 pt, Android / ATF 48 dp, WCAG 2.5.8 24 CSS px.
        let target: Double = switch platform { case .ios: 44; case .android: 48; case .web: 24 }
        targetWidth = overrides.targetWidth ?? target
        targetHeight = overrides.targetHeight ?? target
        contrastText = overrides.contrastText ?? 4.5
        contrastLargeText = overrides.contrastLargeText ?? 3
        contrastNonText = overrides.contrastNonText ?? 3
    }
}
