import Testing
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules

/// A batch written screen by screen (`BatchFormat.part` on any thread, `BatchWriter` adding
/// them up) is the document the whole-run renderers write for the same screens.
@Suite struct BatchWriterTests {
    /// Real screens with violations, an incomplete and a suppressed finding, one without
    /// findings, and two sharing a file's name in different folders.
    static func screens() throws -> [ScreenReport] {
        let login = try PipelineFixtures.loginWithFindings()
        var screens = [ScreenReport(name: "ios/login.json", report: login.report),
                       ScreenReport(name: "android/login.json", report: login.report)]
        for file in ["hostile.json", "login.json"] {
            screens.append(try PipelineFixtures.screen(file, name: "more/" + file))
        }
        var empty = login.report
        empty.run.findings = []
        empty.run.suppressed = []
        screens.insert(ScreenReport(name: "clean.json", report: empty), at: 1)
        return screens
    }

    /// Writes `screens` through a batch writer, comparing each screen as the CLI does. The
    /// screens come from one input (as a request's do) unless `separateInputs`.
    static func streamed(_ screens: [ScreenReport], _ format: OutputFormat, pretty: Bool, baseline: Baseline?,
                         separateInputs: Bool = false) -> [UInt8] {
        let batch = BatchFormat(format, pretty: pretty, hasBaseline: baseline != nil)
        var writer = BatchWriter(batch)
        var matcher = baseline.map(BaselineMatcher.init)
        var placement = SarifPlacement(catalogue: RuleRegistry.all)
        var body: [UInt8] = []
        let places = separateInputs ? screens.map { placement.place([$0])[0] } : placement.place(screens)
        for (index, screen) in screens.enumerated() {
            var comparison = matcher?.compare(name: screen.name, legacyName: nil, BaselineMatcher.fingerprints(of: screen.report))
            if index == screens.count - 1, let extra = matcher?.unmatchedAnywhere() { comparison?.fixed += extra }
            let place = places[index]
            let previous = index > 0 ? screens[index - 1].report.run.rulesOnly : nil
            body += writer.add(batch.part(screen, index: index, comparison: comparison, place: place, after: previous),
                               comparison: comparison)
        }
        return writer.head(sarif: placement) + body + writer.tail()
    }

    @Test(arguments: [OutputFormat.json, .text, .report(.sarif), .report(.junit), .report(.html)])
    func streamedBatchIsTheWholeRunDocument(format: OutputFormat) throws {
        let screens = try Self.screens()
        // A baseline that knows some findings, misses others and holds entries no one matches.
        var entries = Baseline(screens: [screens[0], screens[3]]).entries
        entries.removeFirst()
        entries.append(Baseline.Entry(screen: "android/login.json", fingerprint: "gone", rule: "target-size", node: "/root"))
        for baseline in [nil, Baseline(entries: entries)] {
            for pretty in [false, true] {
                let whole = AuditRun(screens: screens, isBatch: true, baseline: baseline).render(format, pretty: pretty)
                let streamed = Self.streamed(screens, format, pretty: pretty, baseline: baseline)
                #expect(streamed == whole, "\(format) pretty: \(pretty) baseline: \(baseline != nil)")
            }
        }
    }

    @Test func aBaselineWrittenScreenByScreenIsTheWholeFile() throws {
        let screens = try Self.screens()
        let streamed = Baseline.fileHead() + screens.indices.flatMap { Baseline.fileScreen(screens[$0], index: $0) }
            + Baseline.fileTail(screens: screens.count)
        #expect(streamed == Baseline.write(screens: screens))
        #expect(Baseline.fileHead() + Baseline.fileTail(screens: 0) == Baseline.write(screens: []))
    }

    /// Files of a batch sharing a source (`options.source`) share its artifact; each result
    /// names its screen as a logical location (never a `#name` in the URI).
    @Test func aSourceSharedAcrossInputsIsOneArtifact() throws {
        let screens = try Self.screens()
        let document = Self.streamed(screens, .report(.sarif), pretty: false, baseline: nil, separateInputs: true)
        let text = String(decoding: document, as: UTF8.self)
        #expect(text.contains(#""uri":"Fixtures/Reports/login.json","index":0"#))
        #expect(!text.contains(#""uri":"Fixtures/Reports/login.json#"#))
        #expect(text.contains(#"{"name":"android/login.json","fullyQualifiedName":"android/login.json","kind":"module"}"#))
    }
}

/// Baselines are matched by hashing, one screen at a time, and keep matching files named the
/// way earlier versions named them.
@Suite struct BaselineMatcherTests {
    @Test func aBaselineKeyedByFileNameMatchesTheScreenNowNamedByItsPath() {
        let report = ReportFixtures.login()
        let old = Baseline(screens: [ScreenReport(name: "login.json", report: report)])
        let renamed = ScreenReport(name: "screens/ios/login.json", report: report, legacyName: "login.json")
        let comparison = BaselineComparison(screens: [renamed], baseline: old)
        #expect(comparison.newCount == 0)
        #expect(comparison.unchangedCount == report.run.findings.count)

        var matcher = BaselineMatcher(old)
        let screen = matcher.compare(name: renamed.name, legacyName: renamed.legacyName,
                                     BaselineMatcher.fingerprints(of: report))
        #expect(screen.states.allSatisfy { $0 == .unchanged })
        #expect(screen.fixed.isEmpty)
    }

    @Test func anEntryUnderTheNewNameWinsOverTheOldName() {
        let report = ReportFixtures.login()
        let both = Baseline(entries: Baseline(screens: [ScreenReport(name: "ios/login.json", report: report)]).entries
                            + [Baseline.Entry(screen: "login.json", fingerprint: "stale")])
        var matcher = BaselineMatcher(both)
        #expect(matcher.key(name: "ios/login.json", legacyName: "login.json") == "ios/login.json")
        let screen = matcher.compare(name: "ios/login.json", legacyName: "login.json", BaselineMatcher.fingerprints(of: report))
        #expect(screen.fixed.isEmpty)
        #expect(screen.states.allSatisfy { $0 == .unchanged })
    }

    /// Many screens against a baseline twice their size: every screen is matched with its own
    /// entries (the comparison finds screens by name, not by scanning).
    @Test func manyScreensEachMatchTheirOwnEntries() {
        let report = ReportFixtures.login()
        let screens = (0..<2_000).map { ScreenReport(name: "screen-\($0).json", report: report) }
        let recorded = Baseline(screens: screens).entries
        let gone = (0..<2_000).map { Baseline.Entry(screen: "screen-\($0).json", fingerprint: "gone-\($0)") }
        let comparison = BaselineComparison(screens: screens, baseline: Baseline(entries: recorded + gone))
        #expect(comparison.newCount == 0)
        #expect(comparison.screens.enumerated().allSatisfy { index, screen in
            screen.fixed.map(\.fingerprint) == ["gone-\(index)"]
        })
    }
}
