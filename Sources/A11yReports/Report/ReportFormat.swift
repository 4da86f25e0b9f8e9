import A11yModel
import A11yRules
/// The report formats beside the JSON response and the terminal text, each rendered by its
/// writer. (The JSON response is `ResponseEncoder`, which knows single vs batch requests.) How
/// the front ends name them, on the command line and in HTTP, is theirs (`A11yOptions`).
public enum ReportFormat: CaseIterable, Sendable {
    case sarif, junit, html
    /// A summary for a pull-request comment or job summary (`MarkdownReport`).
    case markdown
    /// GitHub Actions workflow commands, one annotation a finding (`GitHubAnnotations`).
    case github

    public func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison? = nil,
                       pretty: Bool = false) -> [UInt8] {
        render(screens: screens, catalogue: catalogue, baseline: baseline, pretty: pretty, check: .writing(.never))
    }

    /// `render(screens:catalogue:baseline:pretty:)` that stops writing when `check` says so
    /// (the bytes are then partial).
    func render(screens: [ScreenReport], catalogue: [Rule], baseline: BaselineComparison?, pretty: Bool,
                check: InterruptPoll) -> [UInt8] {
        switch self {
        case .sarif: SarifReport.render(screens: screens, catalogue: catalogue, baseline: baseline, pretty: pretty, check: check)
        case .junit: JUnitReport.render(screens: screens, baseline: baseline, check: check)
        case .html: HTMLReport.render(screens: screens, baseline: baseline, check: check)
        case .markdown: MarkdownReport.render(screens: screens, baseline: baseline)
        case .github: GitHubAnnotations.render(screens: screens, baseline: baseline)
        }
    }
}

extension InterruptPoll {
    /// A report writer's "keep going?". Writing is the audit's last stage and grows with the
    /// tree (an 8 MiB tree of buttons takes longer to write than to audit), so it stops too
    /// when nobody waits for the answer any more: a writer counts the items it writes
    /// (elements, identifiers, findings, baseline entries) and asks between screens and
    /// sections, then stops writing when told; `AuditRun.render` throws the partial answer
    /// away. The interrupt is asked once per `AuditInterrupt.renderStride` items.
    package static func writing(_ interrupt: AuditInterrupt) -> InterruptPoll { InterruptPoll(interrupt, every: interrupt.renderStride) }
}
