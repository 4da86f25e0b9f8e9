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
    /// The file the screen is in, when the name does not say it: a Figma file's frames on the
    /// command line (`name` is then `file#frame`), a file found in a folder (named below the
    /// folder, this is its path from the working folder); nil otherwise.
    public var file: String?

    public init(name: String, report: AuditReport, legacyName: String? = nil, file: String? = nil) {
        self.name = name; self.report = report; self.legacyName = legacyName; self.file = file
    }

    /// What SARIF calls the artifact: the request's `options.source` when given, else the file
    /// the screen is in, else the name.
    public var source: String { report.analysis.document.options.source ?? file ?? name }

    /// The screen's name when its file holds others too (a Figma frame, a screen of a batch
    /// request): reports name it beside the file, never in the file's URI. Nil when the
    /// screen is the whole file (its name is the source, or the source's path ends with it).
    public var nameInFile: String? {
        let source = source
        if name == source || source.hasSuffix("/" + name) { return nil }
        // `file#frame` (a frame of a file named on the command line or found in a folder): the frame.
        if file != nil, let hash = name.firstIndex(of: "#") {
            let fileName = name[..<hash]
            if source == fileName || source.hasSuffix("/" + fileName) { return String(name[name.index(after: hash)...]) }
        }
        return name
    }
}
