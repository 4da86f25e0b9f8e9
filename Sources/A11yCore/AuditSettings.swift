import A11yImport
import A11yModel
import A11yReports

/// What one audit takes besides the request's bytes, whichever front end asks (the CLI's
/// flags, the service's query and headers, a test): how to read the input, the Android
/// density, options over the tree's own, and a screenshot, a baseline or a budget.
public struct AuditSettings: Sendable {
    /// How to read the input; nil: recognised from the content (`InputFormat.of`).
    public var inputFormat: InputFormat?
    /// The syntax the input was declared in (the service's Content-Type), when no format is
    /// given: a body declared as JSON is never read as XML, nor one declared as XML as JSON.
    public var declared: InputFormat.Syntax?
    /// Android pixels per dp, instead of the inferred one.
    public var density: Double?
    /// Request `options` given beside the tree; they win over the tree's own `options`.
    public var options = OptionOverrides()
    /// A PNG of the screen, placed on the input's one screen.
    public var screenshot: ScreenshotFile?
    /// Fingerprints to compare with (a CLI file); nil: the request's `options.baseline`.
    public var baseline: Baseline?
    /// The budget; nil: one scaled to the request's bytes (`AuditBudget(requestBytes:)`).
    public var budget: AuditBudget?

    public init(inputFormat: InputFormat? = nil, density: Double? = nil, screenshot: ScreenshotFile? = nil) {
        self.inputFormat = inputFormat
        self.density = density
        self.screenshot = screenshot
    }
}

/// Request `options` set from outside the tree (CLI flags): each is applied over the tree's own.
public struct OptionOverrides: Sendable {
    public var level: WCAGLevel?
    public var preset: Located<String>?
    public var enable: [Located<String>] = []
    public var disable: [Located<String>] = []
    public var only: [Located<String>]?
    public var thresholds = Thresholds()
    public var suppressions: [Suppression] = []

    public init() {}

    /// The tree's options with these over them: lists of rules and suppressions add to the
    /// tree's (`only` replaces it), anything else given replaces the tree's value.
    public func apply(to options: inout AuditOptions) {
        if let level { options.level = level }
        if let preset {
            if let own = options.preset { options.replaced.presets.append(own) }
            options.preset = preset
        }
        options.enable += enable
        options.disable += disable
        if let only {
            options.replaced.only += options.only ?? []
            options.only = only
        }
        if let v = thresholds.targetWidth { options.thresholds.targetWidth = v }
        if let v = thresholds.targetHeight { options.thresholds.targetHeight = v }
        if let v = thresholds.contrastText { options.thresholds.contrastText = v }
        if let v = thresholds.contrastLargeText { options.thresholds.contrastLargeText = v }
        if let v = thresholds.contrastNonText { options.thresholds.contrastNonText = v }
        options.suppressions += suppressions
    }
}
