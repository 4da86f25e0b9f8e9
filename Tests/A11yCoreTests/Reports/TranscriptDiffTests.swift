import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
import A11yCoreTestSupport

/// The spoken transcript a baseline keeps and the diff `--format markdown` shows against it.
@Suite struct TranscriptDiffTests {
    /// A screen of buttons with these labels, top to bottom (a plain text where the label
    /// starts with "text:"), audited as a request would be.
    private func screen(_ labels: [String], name: String = "pay.json") throws -> ScreenReport {
        var children: [String] = []
        for (index, stop) in labels.enumerated() {
            let isText = stop.hasPrefix("text:")
            let label = isText ? String(stop.dropFirst(5)) : stop
            var escaped = ""
            for c in label.unicodeScalars {
                switch c {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case _ where c.value < 0x20: escaped += String(format: "\\u%04x", c.value)
                default: escaped.unicodeScalars.append(c)
                }
            }
            let fields = isText ? #""type": "text", "text": "\#(escaped)""# : #""type": "button", "label": "\#(escaped)""#
            children.append(#"{\#(fields), "frame": {"x": 0, "y": \#(index * 50), "width": 390, "height": 44}}"#)
        }
        let json = #"{"root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 390, "height": 30000}, "children": [\#(children.joined(separator: ","))]}}"#
        return try Tree.screen(json, name: name)
    }

    /// The transcript part of the Markdown for `now` against a baseline written from `before`.
    private func diff(from before: [String], to now: [String]) throws -> String {
        let baseline = try parse(Baseline.write(screens: [screen(before)]))
        let screens = [try screen(now)]
        let comparison = BaselineComparison(screens: screens, baseline: baseline)
        let text = String(decoding: MarkdownReport.render(screens: screens, baseline: comparison), as: UTF8.self)
        guard let start = text.range(of: "#### What VoiceOver says") else { return "" }
        return String(text[start.lowerBound...])
    }

    private func parse(_ bytes: [UInt8]) throws -> Baseline {
        try bytes.withUnsafeBytes { raw in try Baseline.parse(raw) }
    }

    @Test func changedStopIsRemovedThenAdded() throws {
        #expect(try diff(from: ["Back", "Pay button", "Cancel"], to: ["Back", "Pay", "Cancel"]) == """
            #### What VoiceOver says, against the baseline

            1 stop sounds different.

            ```diff
              Back. Button.
            - Pay button. Button.
            + Pay. Button.
              Cancel. Button.
            ```

            """)
    }

    @Test func addedAndRemovedStopsWithUnchangedOnesCounted() throws {
        let before = ["Back", "One", "Two", "Three", "Four", "Help"]
        #expect(try diff(from: before, to: ["Back", "New", "One", "Two", "Three", "Four"]) == """
            #### What VoiceOver says, against the baseline

            1 stop added, 1 stop removed.

            ```diff
              Back. Button.
            + New. Button.
              One. Button.
            @@ 2 unchanged stops @@
              Four. Button.
            - Help. Button.
            ```

            """)
    }

    /// One unchanged stop between the context lines is shown, not counted.
    @Test func singleUnchangedStopIsShown() throws {
        #expect(try diff(from: ["Title", "Back", "Pay button"], to: ["Title", "Back", "Pay"]) == """
            #### What VoiceOver says, against the baseline

            1 stop sounds different.

            ```diff
              Title. Button.
              Back. Button.
            - Pay button. Button.
            + Pay. Button.
            ```

            """)
    }

    @Test func sameScreenShowsNoDiff() throws {
        #expect(try diff(from: ["Back", "Pay"], to: ["Back", "Pay"]) == "")
    }

    /// A label that tries to close the fence and start Markdown of its own stays on its line.
    @Test func hostileTextCannotLeaveTheFence() throws {
        let hostile = "x\n```\n# Owned [link](javascript:alert(1)) <script>\u{202E}\u{1B}[2J"
        // An unchanged stop is shown as context after two spaces: "  ```" would end the fence.
        let text = try diff(from: ["text:```", "Back"], to: ["text:```", hostile])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.drop { $0 == " " }.hasPrefix("```") } == ["```diff", "```"])
        #expect(text.contains("  ˋˋˋ\n- Back. Button.\n+ x ˋˋˋ # Owned [link](javascript:alert(1)) <script>\u{FFFD}\u{FFFD}[2J. Button."))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(MarkdownText.fenced("") == "(silent)")
        // Rendered as GitHub does: one code block, no element or link from the label.
        let baseline = try parse(Baseline.write(screens: [screen(["text:```", "Back"])]))
        let screens = [try screen(["text:```", hostile])]
        let bytes = MarkdownReport.render(screens: screens, baseline: BaselineComparison(screens: screens, baseline: baseline))
        let output = try ExternalCheck.python("check_markdown.py", on: bytes, suffix: "md")
        #expect(output.status == 0, "Markdown breaks:\n\(output.stdout)\(output.stderr)")
        let pre = try ExternalCheck.python("check_markdown.py", ["--count-code-blocks"], on: bytes, suffix: "md")
        #expect(pre.stdout == "1\n", "\(pre.stdout)\(pre.stderr)")
    }

    /// A baseline written before transcripts were kept reads as before and shows no diff.
    @Test func oldBaselineFileHasNoTranscriptDiff() throws {
        let old = #"{"version": 1, "tool": "a11y-audit", "fingerprintScheme": "a11yAudit/v1", "screens": [{"name": "pay.json", "findings": []}]}"#
        let baseline = try parse(Array(old.utf8))
        #expect(baseline.transcripts.isEmpty)
        let screens = [try screen(["Pay button"])]
        let comparison = BaselineComparison(screens: screens, baseline: baseline)
        #expect(comparison.screens[0].transcript == nil)
        let text = String(decoding: MarkdownReport.render(screens: screens, baseline: comparison), as: UTF8.self)
        #expect(!text.contains("```"))
        #expect(!text.contains("What VoiceOver says"))
    }

    @Test func fileKeepsTranscriptAndReadsItBack() throws {
        let screens = [try screen(["Back", "Pay"])]
        let bytes = Baseline.write(screens: screens)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"transcript\": [\n        \"Back. Button.\",\n        \"Pay. Button.\"\n      ]"))
        #expect(!text.contains("transcriptLeftOut"))
        let read = try parse(bytes)
        #expect(read == Baseline(screens: screens))
        #expect(read.transcripts["pay.json"]?.stops == ["Back. Button.", "Pay. Button."])
        // Streamed a screen at a time, the same bytes.
        #expect(Baseline.fileHead() + Baseline.fileScreen(screens[0], index: 0) + Baseline.fileTail(screens: 1) == bytes)
    }

    @Test func capsCutTextsAndCountStopsLeftOut() throws {
        let long = String(repeating: "a", count: SpokenTranscript.maxTextLength + 50)
        var transcript = SpokenTranscript()
        for index in 0..<(SpokenTranscript.maxStops + 7) { transcript.append(index == 0 ? long : "stop \(index)") }
        #expect(transcript.stops.count == SpokenTranscript.maxStops)
        #expect(transcript.leftOut == 7)
        #expect(transcript.stops[0] == String(repeating: "a", count: SpokenTranscript.maxTextLength - 1) + "…")
        // A file holding more than the caps is read with the same caps, its count kept.
        let stops = (0..<(SpokenTranscript.maxStops + 3)).map { "\"s\($0)\"" }.joined(separator: ",")
        let file = #"{"version": 1, "screens": [{"name": "a", "findings": [], "transcript": [\#(stops)], "transcriptLeftOut": 4}]}"#
        let read = try parse(Array(file.utf8)).transcripts["a"]
        #expect(read?.stops.count == SpokenTranscript.maxStops)
        #expect(read?.leftOut == 7)
        let bad = #"{"version": 1, "screens": [{"name": "a", "transcriptLeftOut": -1}]}"#
        #expect(throws: InputError.self) { try parse(Array(bad.utf8)) }
    }

    @Test func screenPastTheCapSaysWhatWasLeftOut() throws {
        let labels = (0..<(SpokenTranscript.maxStops + 2)).map { "Item \($0)" }
        var changed = labels
        changed[0] = "First"
        let text = try diff(from: labels, to: changed)
        #expect(text.contains("- Item 0. Button.\n+ First. Button.\n  Item 1. Button.\n@@ 498 unchanged stops @@\n```"))
        #expect(text.contains("Only the first 500 stops are compared (left out: 2 in the baseline, 2 now)."))
        // Only the stops past the cap differ: no block, the counts say it.
        let more = try diff(from: labels, to: labels + ["Extra"])
        #expect(more == "#### What VoiceOver says, against the baseline\n\n"
            + "Only the first 500 stops are compared (left out: 2 in the baseline, 3 now).\n")
    }

    @Test func longDiffListsTheFirstLinesAndCountsTheRest() throws {
        let before = (0..<100).map { "Old \($0)" }
        let after = (0..<100).map { "New \($0)" }
        let text = try diff(from: before, to: after)
        #expect(text.contains("100 stops sound different."))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }.count == MarkdownReport.transcriptLines)
        #expect(text.contains("… and \(200 - MarkdownReport.transcriptLines) more lines of the transcript diff."))
    }

    @Test func lineDiffIsALongestCommonSubsequence() {
        let diff = TranscriptDiff(from: ["a", "b", "c", "d", "e"], to: ["b", "x", "d", "e", "f"])
        #expect(diff.lines == [.removed("a"), .same("b"), .removed("c"), .added("x"), .same("d"), .same("e"), .added("f")])
        let counts = diff.counts
        #expect(counts.added == 1 && counts.removed == 1 && counts.changed == 1)
        #expect(TranscriptDiff(from: [], to: []).lines.isEmpty)
        #expect(!TranscriptDiff(from: ["a"], to: ["a"]).hasChanges)
    }
}
