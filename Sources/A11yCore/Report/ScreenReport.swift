/// One audited screen of a run: a file of a batch, or one `screens[]` entry of a request.
/// Reports (SARIF, JUnit, HTML, baselines) always take a list of these, so a single tree
/// is simply a batch of one.
public struct ScreenReport: Sendable {
    /// The file name (CLI) or `screens[].name` (request); names the screen in every report.
    public var name: String
    public var report: AuditReport
    /// The name an earlier version gave this screen (the CLI named files by their last path
    /// component), under which a baseline written then still matches it; nil when none.
    public var legacyName: String?

    public init(name: String, report: AuditReport, legacyName: String? = nil) {
        self.name = name; self.report = report; self.legacyName = legacyName
    }

    /// What SARIF calls the artifact: the request's `options.source` when given, else the name.
    public var source: String { report.analysis.document.options.source ?? name }
}
