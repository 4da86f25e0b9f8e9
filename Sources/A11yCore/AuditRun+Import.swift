import A11yEngines
import A11yImport
import A11yModel
import A11yOptions
import A11yReports
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
                           interrupt: AuditInterrupt = .never, screenshot: ScreenshotFile? = nil) throws(InputError) -> AuditRun {
        try run(bytes, format: settings.inputFormat ?? .auto, density: settings.density, limits: limits,
                interrupt: interrupt, screenshot: screenshot) { settings.options.apply(to: &$0) }
    }

    public static func run(_ bytes: UnsafeRawBufferPointer, format: InputFormat, density: Double? = nil,
                           limits: DecodeLimits = .default, budget: AuditBudget? = nil, baseline: Baseline? = nil,
                           interrupt: AuditInterrupt = .never, screenshot: ScreenshotFile? = nil,
                           adjust: (inout AuditOptions) -> Void = { _ in }) throws(InputError) -> AuditRun {
        try TextEncoding.requireUTF8(bytes)
        do throws(InputError) {
            return try importAndRun(bytes, format: format, density: density, limits: limits, budget: budget,
                                    baseline: baseline, interrupt: interrupt, screenshot: screenshot, adjust: adjust)
        } catch where error.kind != .timeBudget && error.kind != .cancelled && error.kind != .screenshot {
            // A JSON input that is not ours nor Figma's may be a format we know by sight: say which.
            let resolved = format.resolved(for: bytes)
            if resolved == .json || resolved == .figma, let foreign = InputFormat.foreignFormat(bytes) { throw foreign }
            throw error
        }
    }

    private static func importAndRun(_ bytes: UnsafeRawBufferPointer, format: InputFormat, density: Double?,
                                     limits: DecodeLimits, budget: AuditBudget?, baseline: Baseline?,
                                     interrupt: AuditInterrupt, screenshot: ScreenshotFile?,
                                     adjust: (inout AuditOptions) -> Void) throws(InputError) -> AuditRun {
        switch format.resolved(for: bytes) {
        case .auto, .json:
            return try run(json: bytes, limits: limits, budget: budget, baseline: baseline, interrupt: interrupt,
                           screenshot: screenshot, adjust: adjust)
        case .figma:
            var screens = try FigmaImporter.screens(bytes, limits: limits, interrupt: interrupt)
            if let screenshot {
                // A Figma export is one image per frame: one screenshot fits a response of one frame.
                guard screens.count == 1 else { throw Screenshot.oneScreenOnly(screenshot.name, screens: screens.count) }
                screens[0].document.screenshot = try Screenshot.placed(screenshot, on: screens[0].document)
            }
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
                ? try IOSPageSource.document(bytes, limits: limits, interrupt: interrupt)
                : try AndroidImporter.document(bytes, density: density, limits: limits, interrupt: interrupt)
            if let screenshot { document.screenshot = try Screenshot.placed(screenshot, on: document) }
            adjust(&document.options)
            let report = try Audit.run(document, budget: budget ?? AuditBudget(requestBytes: bytes.count), interrupt: interrupt)
            return AuditRun(screens: [ScreenReport(name: "screen", report: report)], isBatch: false, baseline: baseline)
        }
    }
}

/// Every input format is UTF-8. A file saved as UTF-16 (Windows editors and PowerShell's `>`
/// do so) would otherwise be refused at its first byte with no word of why.
enum TextEncoding {
    /// Refuses UTF-16 and UTF-32: a byte order mark, or a NUL beside the first character (an
    /// ASCII `{` or `<` written in two or four bytes).
    static func requireUTF8(_ bytes: UnsafeRawBufferPointer) throws(InputError) {
        guard bytes.count >= 2 else { return }
        let b0 = bytes[0], b1 = bytes[1]
        let wide = bytes.count >= 4 && ((b0 == 0xFF && b1 == 0xFE && bytes[2] == 0 && bytes[3] == 0)
            || (b0 == 0 && b1 == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF)
            || (b0 != 0 && b1 == 0 && bytes[2] == 0 && bytes[3] == 0) || (b0 == 0 && b1 == 0 && bytes[2] == 0 && bytes[3] != 0))
        if wide { throw InputError(.invalidValue, "the file is UTF-32; save it as UTF-8", at: "", line: 1, column: 1) }
        if (b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF) || (b0 == 0) != (b1 == 0) {
            throw InputError(.invalidValue, "the file is UTF-16; save it as UTF-8", at: "", line: 1, column: 1)
        }
    }
}
