import Foundation
import Testing

/// `--format markdown` and `--format github` through the command, as the reports.md recipe
/// runs them: a folder of screens audited from its parent, both reports from one audit.
@Suite struct PullRequestFormatsTests {
    @Test func folderRunWritesSummaryAndAnnotationsWithPathsFromTheWorkingFolder() throws {
        let work = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let screens = work.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLITests.example("checkout-with-problems.json"),
                                         toPath: screens.appendingPathComponent("checkout.json").path)
        let r = try CLITests.run(["audit", "screens", "--output", "markdown=a11y.md", "--output", "github=a11y.annotations",
                                  "--output", "sarif=a11y.sarif"], in: work)
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        let markdown = try String(contentsOf: work.appendingPathComponent("a11y.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("## Accessibility audit: "))
        #expect(markdown.contains("### checkout\\.json"))
        let annotations = try String(contentsOf: work.appendingPathComponent("a11y.annotations"), encoding: .utf8)
        let lines = annotations.split(separator: "\n")
        #expect(!lines.isEmpty)
        // The file is the path from the working folder, with the node's line and column.
        #expect(lines.allSatisfy { $0.contains(" file=screens/checkout.json,line=") && $0.contains(",col=") })
        let sarif = try String(contentsOf: work.appendingPathComponent("a11y.sarif"), encoding: .utf8)
        #expect(sarif.contains(#""uri":"screens/checkout.json""#))
        #expect(!sarif.contains("absent"))
    }
}
