import A11yEngines
import A11yImport
import A11yModel
import A11yReports
/// Audits a request in our JSON tree format: one tree or a batch of screens.
extension AuditRun {
    /// Audits a single or batch request. The baseline is `baseline` when given (a CLI file),
    /// else the fingerprints in the request's `options.baseline`. The budget defaults to one
    /// scaled to the request's bytes, shared by all its screens. A `screenshot` goes with a
    /// single tree only (a batch's screens would each need their own).
    static func run(json bytes: UnsafeRawBufferPointer, limits: DecodeLimits, budget: AuditBudget?, baseline: Baseline?,
                    interrupt: AuditInterrupt, screenshot: ScreenshotFile?, adjust: (inout AuditOptions) -> Void)
        throws(InputError) -> AuditRun {
        let request = try DocumentDecoder.decodeRequest(bytes, limits: limits)
        let budget = budget ?? AuditBudget(requestBytes: bytes.count)
        var meter = OutputMeter(limit: budget.maxOutputBytes, pointerPrefix: "")
        var fingerprints: [String]?
        // Where each list of fingerprints came from (its first entry's pointer): the request's
        // `options` are copied to every screen of a batch, and must count once, not per screen.
        var listsTaken: Set<String> = []
        func audit(_ name: String, _ document: consuming Document) throws(InputError) -> ScreenReport {
            adjust(&document.options)
            if let given = document.options.baseline {
                if let origin = given.first?.pointer, listsTaken.insert(origin).inserted {
                    fingerprints = (fingerprints ?? []) + given.map(\.value)
                } else if fingerprints == nil {
                    fingerprints = []
                }
            }
            return ScreenReport(name: name, report: try Audit.run(document, budget: budget, meter: &meter, interrupt: interrupt))
        }
        // A single tree is one screen named by its source; a batch, one screen per entry.
        var screens: [ScreenReport] = []
        let isBatch: Bool
        switch consume request {
        case .single(var document):
            if let screenshot { document.screenshot = try ScreenshotImporter.screenshot(screenshot, on: document) }
            screens.reserveCapacity(1)
            screens.append(try audit(document.options.source ?? "screen", document))
            isBatch = false
        case .batch(let list):
            if let screenshot { throw ScreenshotImporter.oneScreenOnly(screenshot.name, screens: list.count) }
            screens.reserveCapacity(list.count)
            for screen in list { screens.append(try audit(screen.name, screen.document)) }
            isBatch = true
        }
        SourceLocations.resolve(&screens, in: bytes)
        return AuditRun(screens: screens, isBatch: isBatch, baseline: baseline ?? fingerprints.map { Baseline(fingerprints: $0) })
    }
}
