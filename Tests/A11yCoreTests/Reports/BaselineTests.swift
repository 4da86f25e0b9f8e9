import Testing
@testable import A11yCore
import A11yJSON
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules

@Suite struct BaselineTests {
    private func parse(_ text: String) throws -> Baseline { try parse(Array(text.utf8)) }

    private func parse(_ bytes: [UInt8]) throws -> Baseline {
        try bytes.withUnsafeBytes { raw in try Baseline.parse(raw) }
    }

    private func inputError(_ text: String) -> InputError? {
        do { _ = try parse(text); return nil } catch { return error as? InputError }
    }

    @Test func writtenFileReadsBackToTheSameEntries() throws {
        let screens = [ScreenReport(name: "login.json", report: ReportFixtures.login()),
                       ScreenReport(name: "other.json", report: ReportFixtures.login())]
        let bytes = Baseline.write(screens: screens)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"version\": 1"))
        #expect(text.contains("\"fingerprintScheme\": \"a11yAudit/v1\""))
        let baseline = try parse(bytes)
        #expect(baseline == Baseline(screens: screens))
        #expect(baseline.entries.count == 8)
        #expect(baseline.entries[0].node == "/root/children/1/children/1")
    }

    @Test func unchangedRunHasNothingNewOrFixed() throws {
        let screens = [ScreenReport(name: "login.json", report: ReportFixtures.login())]
        let baseline = try parse(Baseline.write(screens: screens))
        var edited = ReportFixtures.Options()
        edited.bannerFirst = true
        let comparison = BaselineComparison(screens: [ScreenReport(name: "login.json", report: ReportFixtures.login(edited))],
                                            baseline: baseline)
        #expect(comparison.newCount == 0)
        #expect(comparison.unchangedCount == 4)
        #expect(comparison.fixedCount == 0)
    }

    @Test func newUnchangedAndFixedAreToldApart() {
        let old = ReportFixtures.login()
        let baseline = Baseline(screens: [ScreenReport(name: "login.json", report: old)])
        var current = ReportFixtures.login()
        let fixed = current.run.findings.remove(at: 2)  // accessible-name on the logo
        let email = current.analysis.document.indexByID["email"]!
        current.run.findings.insert(Finding(rule: "target-size", wcag: ["2.5.8"], level: .AA, impact: .serious,
                                            message: "small", node: email), at: 0)
        let comparison = BaselineComparison(screens: [ScreenReport(name: "login.json", report: current)], baseline: baseline)
        #expect(comparison.screens[0].states == [.new, .unchanged, .unchanged, .unchanged])
        #expect(comparison.screens[0].fixed.map(\.rule) == [fixed.rule])
        #expect(comparison.screens[0].fixed.first?.message == fixed.message)
    }

    @Test func oneEntryAbsorbsOneFinding() {
        let report = ReportFixtures.login()
        var twice = report
        twice.run.findings.append(report.run.findings[0])
        let comparison = BaselineComparison(screens: [ScreenReport(name: "a", report: twice)],
                                            baseline: Baseline(screens: [ScreenReport(name: "a", report: report)]))
        #expect(comparison.screens[0].states == [.unchanged, .unchanged, .unchanged, .unchanged, .new])
    }

    @Test func entriesMatchOnlyTheirScreenButRequestFingerprintsMatchAny() {
        let report = ReportFixtures.login()
        let onOther = Baseline(screens: [ScreenReport(name: "other.json", report: report)])
        let screens = [ScreenReport(name: "login.json", report: report)]
        let byName = BaselineComparison(screens: screens, baseline: onOther)
        #expect(byName.newCount == 4)
        // Screens not in this run are not audited, so nothing of theirs is fixed.
        #expect(byName.fixedCount == 0)

        let fingerprints = report.run.findings.map { Fingerprint.of($0, in: report.analysis) }
        let fromRequest = BaselineComparison(screens: screens, baseline: Baseline(fingerprints: fingerprints + ["gone"]))
        #expect(fromRequest.newCount == 0)
        #expect(fromRequest.screens[0].fixed.map(\.fingerprint) == ["gone"])
    }

    @Test func suppressingAKnownFindingDoesNotListItAsFixed() {
        var old = ReportFixtures.login()
        old.run.findings.append(old.run.suppressed[0].finding)
        let comparison = BaselineComparison(screens: [ScreenReport(name: "a", report: ReportFixtures.login())],
                                            baseline: Baseline(screens: [ScreenReport(name: "a", report: old)]))
        #expect(comparison.fixedCount == 0)
    }

    @Test func requestShapedFileIsAccepted() throws {
        let baseline = try parse(#"{"version": 1, "fingerprints": ["a", "b"], "extra": {"ignored": [1]}}"#)
        #expect(baseline.entries == [Baseline.Entry(screen: nil, fingerprint: "a"), Baseline.Entry(screen: nil, fingerprint: "b")])
    }

    @Test func badFilesAreClearErrorsWithPointers() {
        #expect(inputError(#"{"version": 2, "screens": []}"#)?.pointer == "/version")
        #expect(inputError(#"{"screens": []}"#)?.kind == .missing)
        #expect(inputError(#"{"version": 1, "fingerprintScheme": "other/v9"}"#)?.pointer == "/fingerprintScheme")
        let wrongType = inputError(#"{"version": 1, "screens": [{"name": "a", "findings": [{"fingerprint": 7}]}]}"#)
        #expect(wrongType?.kind == .type)
        #expect(wrongType?.pointer == "/screens/0/findings/0/fingerprint")
        #expect(inputError(#"{"version": 1, "screens": [{"findings": []}]}"#)?.pointer == "/screens/0")
        #expect(inputError(#"{"version": 1, "screens": [{"name": "a", "findings": [{}]}]}"#)?.pointer == "/screens/0/findings/0")
        #expect(inputError(#"{"version": 1,"#)?.kind == .syntax)
        #expect(inputError(#"[]"#)?.kind == .syntax)
    }
}

@Suite struct BaselineSummaryTests {
    @Test func newFindingsAndSummaryObject() throws {
        let old = ReportFixtures.login()
        var current = ReportFixtures.login()
        current.run.findings.removeLast()
        let extra = Finding(rule: "target-size", wcag: ["2.5.8"], level: .AA, impact: .critical,
                            message: "Field too short.", node: current.analysis.document.indexByID["email"]!)
        current.run.findings.append(extra)
        let screens = [ScreenReport(name: "a.json", report: current)]
        let comparison = BaselineComparison(screens: screens, baseline: Baseline(screens: [ScreenReport(name: "a.json", report: old)]))
        #expect(comparison.newFindings(of: screens[0], at: 0).map(\.message) == ["Field too short."])

        var json = JSONWriter()
        comparison.writeSummary(into: &json)
        let text = String(decoding: json.bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"new":1,"unchanged":3,"fixed":1,"fixedFindings":[{"screen":"a.json","fingerprint":""#))
        #expect(text.hasSuffix(#""rule":"text-contrast","node":"/root/children/4","message":"Text is drawn over a gradient; check contrast by eye."}]}"#))
    }

    @Test func onlyNewFindingsFailAScreenComparedWithABaseline() throws {
        let old = ScreenReport(name: "a.json", report: ReportFixtures.login())
        var report = ReportFixtures.login()
        report.run.findings.append(Finding(rule: "target-size", wcag: ["2.5.8"], level: .AA, impact: .critical,
                                           message: "Field too short.", node: report.analysis.document.indexByID["email"]!))
        let current = ScreenReport(name: "a.json", report: report)
        let baseline = Baseline(screens: [old])
        #expect(current.fails(.impact(.critical), comparedAs: nil))
        let comparison = BaselineComparison(screens: [current], baseline: baseline)
        #expect(current.fails(.impact(.critical), comparedAs: comparison.screens[0]))
        // Known findings, however serious, do not fail; the same screen without the new one passes.
        let known = BaselineComparison(screens: [old], baseline: baseline)
        #expect(!old.fails(.impact(.minor), comparedAs: known.screens[0]))
        // A run decides as its screens do.
        #expect(AuditRun(screens: [current], isBatch: false, baseline: baseline).fails(.impact(.critical)))
        #expect(!AuditRun(screens: [old], isBatch: false, baseline: baseline).fails(.impact(.minor)))
        #expect(AuditRun(screens: [old, current], isBatch: true).fails(.impact(.critical)))
    }
}
