import Foundation
import Testing
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules

/// `--format markdown` and `--format github` on the report fixtures and the hostile request.
@Suite struct MarkdownAndGitHubTests {
    private func checkMarkdown(_ bytes: [UInt8]) throws {
        let output = try ExternalCheck.python("check_markdown.py", on: bytes, suffix: "md")
        #expect(output.status == 0, "Markdown breaks:\n\(output.stdout)\(output.stderr)\n\(String(decoding: bytes, as: UTF8.self))")
    }

    @Test func markdownCountsByImpactAndRuleWithLinks() throws {
        let screens = [ScreenReport(name: "login.json", report: ReportFixtures.login())]
        let bytes = MarkdownReport.render(screens: screens)
        try checkMarkdown(bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let run = screens[0].report.run
        #expect(text.hasPrefix("## Accessibility audit: \(run.findings.count) findings on 1 screen\n"))
        for finding in run.findings {
            #expect(text.contains("`\(finding.rule)`"))
        }
        #expect(text.contains("[2.5.8 Target Size \\(Minimum\\)](https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html)"))
        #expect(text.contains("### login\\.json"))
    }

    @Test func markdownWithABaselineSaysWhatIsNewAndFixed() throws {
        let old = ReportFixtures.login()
        var baseline = Baseline(screens: [ScreenReport(name: "a.json", report: old)])
        baseline.entries.append(Baseline.Entry(screen: "a.json", fingerprint: "feedfeed", rule: "text-contrast",
                                               node: "/root/children/9", message: "Old | gradient <b>text</b>."))
        var current = ReportFixtures.login()
        let gone = current.run.findings.remove(at: 1)
        let screens = [ScreenReport(name: "a.json", report: current)]
        let comparison = BaselineComparison(screens: screens, baseline: baseline)
        let bytes = MarkdownReport.render(screens: screens, baseline: comparison)
        try checkMarkdown(bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("**0 new**, \(current.run.findings.count) unchanged, 2 fixed since the baseline."))
        #expect(text.contains("### Fixed since the baseline"))
        #expect(text.contains("`\(gone.rule)`"))
        #expect(text.contains("Old \\| gradient &lt;b&gt;text&lt;/b&gt;\\."))
    }

    /// Labels holding `|`, backticks, HTML, links and line breaks stay text in one row.
    @Test func hostileTextNeitherBreaksTablesNorInjects() throws {
        let run = try HostileTextTests.run()
        let bytes = MarkdownReport.render(screens: run.screens)
        try checkMarkdown(bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("<script"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(MarkdownText.cell("a|b`c<i>\n[x](javascript:y)") == #"a\|b\`c&lt;i&gt; \[x\]\(javascript\:y\)"#)
        #expect(MarkdownText.code("a`b|c\nd") == "a\u{02CB}b\\|c d")
        // Every row of every table has its header's cells, with the hostile screen too.
        let streamed = BatchFormat(.report(.markdown), hasBaseline: false)
        var writer = BatchWriter(streamed)
        let part = streamed.part(run.screens[0], index: 0, comparison: nil, place: nil)
        _ = writer.add(part, comparison: nil)
        #expect(writer.head(sarif: nil) + part.body == bytes)
    }

    @Test func githubAnnotationsOneLineAFindingEscaped() throws {
        let run = try HostileTextTests.run()
        let screen = run.screens[0]
        let text = String(decoding: GitHubAnnotations.render(screens: [screen]), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == screen.report.run.findings.count)
        for (line, finding) in zip(lines, screen.report.run.findings) {
            #expect(line.hasPrefix("::\(GitHubAnnotations.command(finding)) file="))
            // Properties end at the first "::"; none of them holds ':' or ',' unescaped.
            let body = line.dropFirst(2)
            let end = try #require(body.range(of: "::"))
            let properties = body[body.startIndex..<end.lowerBound].split(separator: " ", maxSplits: 1)[1]
            for property in properties.split(separator: ",") {
                #expect(property.split(separator: "=", maxSplits: 1).count == 2, "\(property)")
                #expect(!property.contains(":"))
            }
            #expect(properties.contains(",line=") && properties.contains(",col="))
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
        }
        #expect(GitHubAnnotations.escapeData("50% a\r\nb") == "50%25 a%0D%0Ab")
        #expect(GitHubAnnotations.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
    }

    @Test func githubAnnotationLevelsAndBaseline() throws {
        func finding(_ impact: Impact, _ outcome: Outcome = .violation) -> Finding {
            var f = Finding(rule: "r", wcag: [], level: nil, impact: impact, message: "m", node: 0)
            f.outcome = outcome
            return f
        }
        #expect(GitHubAnnotations.command(finding(.critical)) == "error")
        #expect(GitHubAnnotations.command(finding(.serious)) == "error")
        #expect(GitHubAnnotations.command(finding(.moderate)) == "warning")
        #expect(GitHubAnnotations.command(finding(.minor)) == "notice")
        #expect(GitHubAnnotations.command(finding(.critical, .incomplete)) == "notice")
        // With a baseline only new findings are annotated.
        let screens = [ScreenReport(name: "a.json", report: ReportFixtures.login())]
        let same = BaselineComparison(screens: screens, baseline: Baseline(screens: screens))
        #expect(GitHubAnnotations.render(screens: screens, baseline: same).isEmpty)
    }
}
