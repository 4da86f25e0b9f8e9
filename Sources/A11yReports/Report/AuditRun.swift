import A11yModel
import A11yRules
/// Everything one invocation audited (a file, a folder, a request), compared with a
/// baseline when one is given, and rendered in any output format.
public struct AuditRun: Sendable {
    public var screens: [ScreenReport]
    /// A batch answers `{"screens": [...]}`; a single tree answers the plain response.
    public var isBatch: Bool
    /// The baseline the screens were compared with, if any.
    private var baseline: Baseline?
    /// Set when a baseline was given: which findings are new, unchanged, fixed.
    public private(set) var comparison: BaselineComparison?

    public init(screens: [ScreenReport], isBatch: Bool, baseline: Baseline? = nil) {
        self.screens = screens
        self.isBatch = isBatch
        self.baseline = baseline
        comparison = baseline.map { BaselineComparison(screens: screens, baseline: $0) }
    }

    /// The run's screens under other names (the CLI names them by file), compared with
    /// `baseline` when one is given beside the run (a `--baseline` file, or the findings
    /// `--write-baseline` just recorded), else with the request's own `options.baseline`.
    public func renamed(_ screens: [ScreenReport], comparedWith baseline: Baseline? = nil) -> AuditRun {
        AuditRun(screens: screens, isBatch: isBatch, baseline: baseline ?? self.baseline)
    }

    /// Whether a violation at or above `threshold` remains; with a baseline only new
    /// findings count, so a team fails on regressions only.
    public func fails(_ threshold: FailThreshold) -> Bool {
        screens.indices.contains { screens[$0].fails(threshold, comparedAs: comparison?.screens[$0]) }
    }

    public func render(_ format: OutputFormat, pretty: Bool = false, color: Bool = false) -> [UInt8] {
        render(format, pretty: pretty, color: color, check: .writing(.never))
    }

    /// The answer, written unless the caller asks the audit to stop while it is written:
    /// writing a large tree's answer takes as long as auditing it, and nobody may wait for it
    /// any more. Throws `.timeBudget` or `.cancelled` as an interrupted audit does.
    public func render(_ format: OutputFormat, pretty: Bool = false, color: Bool = false,
                       interrupt: AuditInterrupt) throws(InputError) -> [UInt8] {
        let check = InterruptPoll.writing(interrupt)
        let bytes = render(format, pretty: pretty, color: color, check: check)
        try check.throwIfStopped()
        return bytes
    }

    private func render(_ format: OutputFormat, pretty: Bool, color: Bool, check: InterruptPoll) -> [UInt8] {
        switch format {
        case .json: ResponseEncoder.json(self, pretty: pretty, check: check)
        case .text:
            Array(TextReport.render(screens: screens.map { ($0.name, $0.report) }, color: color, baseline: comparison,
                                    check: check).utf8)
        case .report(let format):
            format.render(screens: screens, catalogue: RuleRegistry.all, baseline: comparison, pretty: pretty, check: check)
        }
    }
}

/// Every way a run can be written: the JSON response, the terminal text, or a report.
public enum OutputFormat: Equatable, Sendable {
    case json, text
    case report(ReportFormat)
}
