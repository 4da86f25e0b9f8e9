import A11yEngines
import A11yImport
import A11yModel
import A11yReports
/// The one audit entry point: a request in any `InputFormat` to its run. Our JSON tree
/// format is read by `AuditRun.run(json:)`, an imported dump or a WebDriverAgent JSON source is one screen, a Figma response
/// a batch of its frames.
extension Audit {
    /// Audits `bytes` with what a front end was asked for (`settings`): the input format
    /// (decided by `InputFormat.of`), the density (Android: pixels per dp, instead of the
    /// inferred one), options over the tree's own, a screenshot, a baseline (else the
    /// request's `options.baseline`) and a budget (else one scaled to the request's bytes).
    /// An imported document is one screen with default options, which the settings' options
    /// may change.
    public static func run(_ bytes: UnsafeRawBufferPointer, _ settings: AuditSettings = AuditSettings(),
                           limits: DecodeLimits = .default, interrupt: AuditInterrupt = .never) throws(InputError) -> AuditRun {
        try TextEncoding.requireUTF8(bytes)
        let format = InputFormat.of(bytes, given: settings.inputFormat, declared: settings.declared)
        do throws(InputError) {
            return try AuditRun.importAndRun(bytes, format: format, settings: settings, limits: limits, interrupt: interrupt)
        } catch where error.kind != .timeBudget && error.kind != .cancelled && error.kind != .screenshot {
            // A JSON input that is not ours nor Figma's may be a format we know by sight: say which.
            if format == .json || format == .figma, let foreign = InputFormat.foreignFormat(bytes) { throw foreign }
            throw error
        }
    }
}

extension AuditRun {
    /// Reads `bytes` in `format` (decided) and audits them.
    fileprivate static func importAndRun(_ bytes: UnsafeRawBufferPointer, format: InputFormat, settings: AuditSettings,
                                         limits: DecodeLimits, interrupt: AuditInterrupt) throws(InputError) -> AuditRun {
        let (budget, baseline, screenshot) = (settings.budget, settings.baseline, settings.screenshot)
        let adjust = { (options: inout AuditOptions) in settings.options.apply(to: &options) }
        switch format {
        case .auto, .json:
            return try run(json: bytes, limits: limits, budget: budget, baseline: baseline, interrupt: interrupt,
                           screenshot: screenshot, adjust: adjust)
        case .figma:
            var screens = try FigmaImporter.screens(bytes, limits: limits, interrupt: interrupt)
            if let screenshot {
                // A Figma export is one image per frame: one screenshot fits a response of one frame.
                guard screens.count == 1 else { throw ScreenshotImporter.oneScreenOnly(screenshot.name, screens: screens.count) }
                screens[0].document.screenshot = try ScreenshotImporter.screenshot(screenshot, on: screens[0].document)
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
        case .android, .ios, .iosJSON:
            // A dump or page source is one screen.
            var document = switch format {
            case .ios: try IOSPageSource.document(bytes, limits: limits, interrupt: interrupt)
            case .iosJSON: try IOSJSONSource.document(bytes, limits: limits, interrupt: interrupt)
            default: try AndroidImporter.document(bytes, density: settings.density, limits: limits, interrupt: interrupt)
            }
            if let screenshot { document.screenshot = try ScreenshotImporter.screenshot(screenshot, on: document) }
            adjust(&document.options)
            let report = try Audit.run(document, budget: budget ?? AuditBudget(requestBytes: bytes.count), interrupt: interrupt)
            var screens = [ScreenReport(name: "screen", report: report)]
            // A JSON source's findings get the line and column of their element's `{`; the XML
            // readers give each element's as they read it.
            if format == .iosJSON { SourceLocations.resolve(&screens, in: bytes) }
            return AuditRun(screens: screens, isBatch: false, baseline: baseline)
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
