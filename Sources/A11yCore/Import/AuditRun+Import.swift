/// Audits a request in any `InputFormat`: our JSON tree format through `run(json:)`, an
/// imported dump as one screen, a Figma response as a batch of its frames.
extension AuditRun {
    /// Audits a request in `format` (recognised from the content for `auto`). An imported
    /// document is one screen with default options, which `adjust` may change (CLI flags);
    /// `density` (Android: pixels per dp) overrides the inferred one. The budget defaults to
    /// one scaled to the request's bytes, as for our JSON format.
    /// Audits with what a front end was asked for (CLI flags, the service's query): the input
    /// format (recognised from the content when nil), the density, and the options given
    /// beside the tree over the tree's own.
    public static func run(_ bytes: UnsafeRawBufferPointer, settings: AuditSettings, limits: DecodeLimits = .default,
                           interrupt: AuditInterrupt = .never) throws(InputError) -> AuditRun {
        try run(bytes, format: settings.inputFormat ?? .auto, density: settings.density, limits: limits,
                interrupt: interrupt) { settings.options.apply(to: &$0) }
    }

    public static func run(_ bytes: UnsafeRawBufferPointer, format: InputFormat, density: Double? = nil,
                           limits: DecodeLimits = .default, budget: AuditBudget? = nil, baseline: Baseline? = nil,
                           interrupt: AuditInterrupt = .never,
                           adjust: (inout AuditOptions) -> Void = { _ in }) throws(InputError) -> AuditRun {
        switch format.resolved(for: bytes) {
        case .auto, .json:
            return try run(json: bytes, limits: limits, budget: budget, baseline: baseline, interrupt: interrupt, adjust: adjust)
        case .figma:
            let screens = try FigmaImporter.screens(bytes, limits: limits)
            // The screens share one budget, as a batch's do.
            let budget = budget ?? AuditBudget(requestBytes: bytes.count)
            var meter = OutputMeter(limit: budget.maxOutputBytes, pointerPrefix: "")
            var reports: [ScreenReport] = []
            for var screen in screens {
                adjust(&screen.document.options)
                reports.append(ScreenReport(name: screen.name,
                                            report: try Audit.run(screen.document, budget: budget, meter: &meter, interrupt: interrupt)))
            }
            SourceLocations.resolve(&reports, in: bytes)
            return AuditRun(screens: reports, isBatch: true, baseline: baseline)
        case .android, .ios:
            var document = format.resolved(for: bytes) == .ios
                ? try IOSPageSource.document(bytes, limits: limits)
                : try AndroidImporter.document(bytes, density: density, limits: limits)
            adjust(&document.options)
            let report = try Audit.run(document, budget: budget ?? AuditBudget(requestBytes: bytes.count), interrupt: interrupt)
            return AuditRun(screens: [ScreenReport(name: "screen", report: report)], isBatch: false, baseline: baseline)
        }
    }
}
