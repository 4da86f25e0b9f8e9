import A11yModel
import A11yRules
/// The report formats beside the JSON response, for `--format NAME` and content negotiation.
/// (The JSON response is `ResponseEncoder`, which knows single vs batch requests.)
public enum ReportFormat: String, CaseIterable, Sendable {
    case sarif, junit, html
    /// A summary for a pull-request comment or job summary (`MarkdownReport`).
    case markdown
    /// GitHub Actions workflow commands, one annotation a finding (`GitHubAnnotations`).
    case github

    /// What to answer with; the server adds `; charset=utf-8` where it likes.
    public var mediaType: String {
        switch self {
        case .sarif: "application/sarif+json"
        case .junit: "application/xml"
        case .html: "text/html"
        case .markdown: "text/markdown"
        case .github: "text/plain; charset=utf-8"
        }
    }

    /// The format for one media type of an `Accept` list (parameters such as `q` already
    /// stripped by the caller); `text/xml` is read as JUnit too.
    public init?(mediaType: String) {
        switch mediaType.lowercased() {
        case "application/sarif+json": self = .sarif
        case "application/xml", "text/xml": self = .junit
        case "text/html": self = .html
        case "text/markdown": self = .markdown
        default: return nil
        }
    }

    public func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison? = nil,
                       pretty: Bool = false) -> [UInt8] {
        render(screens: screens, catalogue: catalogue, baseline: baseline, pretty: pretty, check: RenderCheck(.never))
    }

    /// `render(screens:catalogue:baseline:pretty:)` that stops writing when `check` says so
    /// (the bytes are then partial).
    func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison?, pretty: Bool,
                check: RenderCheck) -> [UInt8] {
        switch self {
        case .sarif: SarifReport.render(screens: screens, catalogue: catalogue, baseline: baseline, pretty: pretty, check: check)
        case .junit: JUnitReport.render(screens: screens, baseline: baseline, check: check)
        case .html: HTMLReport.render(screens: screens, baseline: baseline, check: check)
        case .markdown: MarkdownReport.render(screens: screens, baseline: baseline)
        case .github: GitHubAnnotations.render(screens: screens, baseline: baseline)
        }
    }
}
