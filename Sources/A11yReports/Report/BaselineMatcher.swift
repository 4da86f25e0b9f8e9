/// Compares screens with a baseline one at a time, in run order, so a run can be written while
/// its screens are audited. Entries are counted by screen name and fingerprint (a hash
/// lookup per finding, linear in the run). Entries naming a screen are used before
/// screen-less ones; each entry absorbs one finding.
public struct BaselineMatcher: Sendable {
    /// Fingerprints of a screen's findings and of its suppressed findings, in report order.
    public struct Fingerprints: Sendable {
        public var findings: [String]
        public var suppressed: [String]
        /// Of the findings left out of the listing (`RuleRun.omitted`): they match entries too.
        public var omitted: [String] = []
    }

    private let entries: [Baseline.Entry]
    private let baseline: Baseline
    /// Screen name -> fingerprint -> entries not yet matched.
    private var named: [String: [String: Int]] = [:]
    /// Screen name -> its entries, in baseline order.
    private var entriesOfScreen: [String: [Int]] = [:]
    /// Fingerprint -> screen-less entries not yet matched.
    private var anywhere: [String: Int] = [:]

    public init(_ baseline: Baseline) {
        entries = baseline.entries
        self.baseline = baseline
        for (index, entry) in entries.enumerated() {
            if let screen = entry.screen {
                named[screen, default: [:]][entry.fingerprint, default: 0] += 1
                entriesOfScreen[screen, default: []].append(index)
            } else {
                anywhere[entry.fingerprint, default: 0] += 1
            }
        }
    }

    /// The costly part, free of the baseline: any thread may compute it.
    public static func fingerprints(of report: AuditReport) -> Fingerprints {
        var fingerprinter = Fingerprinter(report.analysis)
        return Fingerprints(findings: report.run.findings.map { fingerprinter.fingerprint($0) },
                            suppressed: report.run.suppressed.map { fingerprinter.fingerprint($0.finding) },
                            omitted: report.run.omitted.map { fingerprinter.fingerprint(rule: $0.rule, node: $0.node) })
    }

    /// The baseline screen a screen reads: its own name, or, when the baseline has no entry
    /// under that name, the name an earlier version gave it (baselines keyed by file name).
    public func key(name: String, legacyName: String?) -> String {
        guard named[name] == nil, let legacyName, named[legacyName] != nil else { return name }
        return legacyName
    }

    /// States of a screen's findings, suppressed findings and omitted findings (matched in
    /// that order, so the listed ones' states do not depend on what a cap left out); matched
    /// entries are used up.
    public mutating func match(key: String, _ fingerprints: Fingerprints)
        -> (states: [BaselineComparison.State], suppressed: [BaselineComparison.State], omitted: [BaselineComparison.State]) {
        func consume(_ fingerprint: String) -> BaselineComparison.State {
            takeNamed(fingerprint, key: key) || takeAnywhere(fingerprint) ? .unchanged : .new
        }
        return (fingerprints.findings.map(consume), fingerprints.suppressed.map(consume), fingerprints.omitted.map(consume))
    }

    /// A whole screen: its states and, as fixed, its entries no finding matched. Screen names
    /// are unique in a run, so no later screen can match them.
    public mutating func compare(name: String, legacyName: String?, _ fingerprints: Fingerprints) -> BaselineComparison.Screen {
        let key = key(name: name, legacyName: legacyName)
        let (states, suppressed, omitted) = match(key: key, fingerprints)
        var fixed: [Baseline.Entry] = []
        for index in entriesOfScreen[key] ?? [] where takeNamed(entries[index].fingerprint, key: key) {
            fixed.append(entries[index])
        }
        var screen = BaselineComparison.Screen(name: name, states: states, suppressedStates: suppressed, omittedStates: omitted, fixed: fixed)
        screen.transcript = baseline.transcript(name: name, legacyName: legacyName)
        return screen
    }

    /// Screen-less entries no finding matched, in baseline order; each is returned once.
    public mutating func unmatchedAnywhere() -> [Baseline.Entry] {
        entries.filter { $0.screen == nil && takeAnywhere($0.fingerprint) }
    }

    mutating func takeNamed(_ fingerprint: String, key: String) -> Bool {
        guard let count = named[key]?[fingerprint], count > 0 else { return false }
        named[key]![fingerprint] = count - 1
        return true
    }

    mutating func takeAnywhere(_ fingerprint: String) -> Bool {
        guard let count = anywhere[fingerprint], count > 0 else { return false }
        anywhere[fingerprint] = count - 1
        return true
    }
}
