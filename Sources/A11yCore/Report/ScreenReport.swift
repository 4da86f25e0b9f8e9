/// One audited screen of a run: a file of a batch, or one `screens[]` entry of a request.
/// Reports (SARIF, JUnit, HTML, baselines) always take a list of these, so a single tree
/// is simply a batch of one.
public struct ScreenReport: Sendable {
    /// The file name (CLI) or `screens[].name` (request); names the screen in every report.
    public var name: String
    public var report: AuditReport

    public init(name: String, report: AuditReport) { self.name = name; self.report = report }

    /// What SARIF calls the artifact: the request's `options.source` when given, else the name.
    public var source: String { report.analysis.document.options.source ?? name }
}
