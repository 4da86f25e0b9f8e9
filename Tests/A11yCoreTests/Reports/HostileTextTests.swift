import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// A request written by an attacker (Fixtures/Reports/hostile.json): labels, ids, identifiers,
/// the source and a suppression reason carrying terminal escapes, NUL, CR LF, C1 and bidi
/// controls, markup, event-handler attributes, `javascript:` URLs and markdown links. Every
/// format must show that text as text.
@Suite struct HostileTextTests {
    static func run() throws -> AuditRun {
        let url = ExternalCheck.repository.appendingPathComponent("Tests/A11yCoreTests/Fixtures/Reports/hostile.json")
        let bytes = [UInt8](try Data(contentsOf: url))
        var run = try Tree.audit(bytes).get()
        run.screens[0].name = "hostile\u{1B}[2J.json"
        // The fixture must keep reaching every path this suite checks.
        let report = run.screens[0].report
        #expect(report.run.findings.contains { $0.message.contains("\u{1B}") && $0.message.contains("[docs](javascript:") })
        #expect(report.run.suppressed.first?.suppression.reason?.contains("\u{7}") == true)
        #expect(report.analysis.elements.contains { $0.identifier?.contains("\u{0}") == true })
        return run
    }

    @Test func textReportEscapesValuesAndKeepsItsOwnColours() throws {
        let run = try Self.run()
        for color in [false, true] {
            let text = String(decoding: run.render(.text, color: color), as: UTF8.self)
            // The only ESC sequences left are the report's own SGR colour codes.
            let withoutColours = text.replacing(/\x{1B}\[[0-9;]*m/, with: "")
            #expect(!withoutColours.unicodeScalars.contains { $0 != "\n" && TerminalText.isEscaped($0) })
            #expect(color == text.contains("\u{1B}[1;31m"))
            // One line per stop, per finding, plus the heading, the line of inapplicable rules
            // when some were, and the blank line after it: no value could add a line of its own.
            let report = run.screens[0].report
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let inapplicableLine = report.run.inapplicable.isEmpty ? 0 : 1
            #expect(lines.count == 1 + report.analysis.elements.count + report.run.findings.count + inapplicableLine + 2)
            #expect(text.contains(#"hostile\u{1B}[2J.json"#))
            #expect(text.contains(#"Click here \u{1B}[31mRED\u{1B}[0m\u{0D}\u{0A}forged line\u{85}\u{9B}2J"#))
            #expect(text.contains(#"id\u{00}nul\u{202E}evil"#))
            // Ordinary Unicode is shown as it is.
            #expect(text.contains("café 漢字 👨‍👩‍👧"))
        }
    }

    @Test func sarifArtifactIsARelativePathAndMessagesCannotLink() throws {
        let run = try Self.run()
        let bytes = run.render(.report(.sarif))
        let output = try ExternalCheck.python("validate_sarif.py", [SarifReportTests.schema], on: bytes, suffix: "sarif")
        #expect(output.status == 0, "SARIF does not validate:\n\(output.stdout)\(output.stderr)")
        let log = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let uris = Set(results.compactMap { result in
            ((((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: Any])?["uri"]) as? String
        })
        #expect(uris == ["javascript%3Aalert(1)//x.json"])
        let texts = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        #expect(texts.contains { $0.contains(#"\[docs\](javascript:alert(1))"#) })
        // No bracket is left unescaped, so no `[text](target)` link can form.
        for text in texts { #expect(Self.unescapedBrackets(text) == 0, "\(text)") }
    }

    /// Brackets not preceded by an escaping backslash (a doubled backslash escapes itself).
    static func unescapedBrackets(_ text: String) -> Int {
        var count = 0
        var escaped = false
        for c in text {
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true } else if c == "[" || c == "]" { count += 1 }
        }
        return count
    }

    @Test func htmlShowsMarkupAsTextAndHasNoActiveContent() throws {
        let run = try Self.run()
        let bytes = run.render(.report(.html))
        let output = try ExternalCheck.python("check_html.py", on: bytes, suffix: "html", keepName: "hostile.html")
        #expect(output.status == 0, "HTML problems:\n\(output.stderr)")
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(!html.contains("<script"))
        #expect(!html.contains("\"onmouseover"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // Attributes we write hold only our own values: no request text reaches an href, src,
        // style or event handler, and every href is a fragment within the page or a W3C
        // Understanding page from our own criteria table.
        let hrefs = html.matches(of: /href="([^"]*)"/).map { String($0.1) }
        let understanding = Set(WCAGCriteria.all.map(\.understandingURI))
        #expect(!hrefs.isEmpty && hrefs.allSatisfy { $0.hasPrefix("#") || understanding.contains($0) })
        #expect(hrefs.contains { understanding.contains($0) })
        #expect(!html.contains("javascript:alert(2)\""))
        #expect(html.matches(of: /\son[a-z]+=/).isEmpty)
        // Bidi controls are isolated in <bdi>, so they cannot reorder the text around them.
        #expect(html.contains("<code><bdi>id\u{FFFD}nul\u{202E}evil</bdi></code>"))
        #expect(html.contains("<bdi>café 漢字 👨‍👩‍👧 \u{2066}rtl\u{2069}</bdi>"))
        for line in html.split(separator: "\n") where line.unicodeScalars.contains(where: BidiControls.contains) {
            let outside = line.replacing(/<bdi>.*?<\/bdi>/, with: "")
            #expect(!outside.unicodeScalars.contains(where: BidiControls.contains), "\(line)")
        }
        let summary = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let text = try #require(summary["text"] as? String)
        #expect(text.contains("<script>alert(1)</script>"))
        #expect(text.contains("[docs](javascript:alert(1))"))
    }

    @Test func junitIsWellFormedXMLDespiteNULAndESC() throws {
        let run = try Self.run()
        let bytes = run.render(.report(.junit))
        let xml = String(decoding: bytes, as: UTF8.self)
        // XML 1.0 allows no C0 control but tab, LF and CR, not even as a character reference.
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" })
        #expect(!xml.contains("&#0;") && !xml.contains("&#27;") && !xml.lowercased().contains("&#x1b;"))
        let output = try ExternalCheck.python("parse_junit.py", on: bytes, suffix: "xml")
        #expect(output.status == 0, "junitparser cannot read it:\n\(output.stderr)")
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(parsed["failures"] as? Int ?? 0 > 0)
        #expect(output.stdout.contains("<script>alert(1)</script>"))
    }
}
