import Foundation
import Testing

/// The spoken transcript diff through the command: `--write-baseline`, a label edited, then
/// `--baseline ... --format markdown`, for one file and for a folder (screens written as they
/// are audited).
@Suite struct TranscriptDiffCLITests {
    private func tree(pay: String) -> String {
        #"{"root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 390, "height": 600}, "children": ["#
            + #"{"type": "text", "text": "Checkout", "traits": ["header"], "frame": {"x": 0, "y": 0, "width": 390, "height": 44}},"#
            + #"{"type": "button", "label": "\#(pay)", "frame": {"x": 0, "y": 100, "width": 390, "height": 44}}]}}"#
    }

    @Test(arguments: ["screens/pay.json", "screens"])
    func editedLabelShowsInTheSummary(_ input: String) throws {
        let work = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let screens = work.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        let file = screens.appendingPathComponent("pay.json")
        try tree(pay: "Pay button").write(to: file, atomically: true, encoding: .utf8)
        let write = try CLITests.run(["audit", input, "--write-baseline", "base.json", "--format", "markdown"], in: work)
        #expect(write.status == 0, "\(write.stderr)")
        // Just recorded: nothing sounds different.
        #expect(!write.stdoutText.contains("```diff"))
        let base = try String(contentsOf: work.appendingPathComponent("base.json"), encoding: .utf8)
        #expect(base.contains("\"Pay button. Button.\""))

        try tree(pay: "Pay").write(to: file, atomically: true, encoding: .utf8)
        let run = try CLITests.run(["audit", input, "--baseline", "base.json", "--format", "markdown"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains("""
            #### What VoiceOver says, against the baseline

            1 stop sounds different.

            ```diff
              Checkout. Heading.
            - Pay button. Button.
            + Pay. Button.
            ```

            """))
    }
}
