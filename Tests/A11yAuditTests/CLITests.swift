import Foundation
import Testing

/// The command line as a pipeline uses it: the real binary, real files, real exit codes.
@Suite struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Examples")

    struct Outcome {
        var status: Int32
        var stdout: Data
        var stderr: String
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: stdout) as? [String: Any] }
    }

    /// The binary sits next to the test bundle in the build products folder.
    static func binary() throws -> URL {
        var dir = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("a11y-audit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile)
    }

    static func run(_ arguments: [String], stdin: Data? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    static func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    static func temporaryFile(_ contents: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-cli-\(UUID().uuidString).json")
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func cleanTreeExitsZeroWithTheResponse() throws {
        let r = try Self.run(["audit", Self.example("custom-alert-modal.json")])
        #expect(r.status == 0)
        let elements = try #require(r.json?["elements"] as? [[String: Any]])
        #expect(elements.map { $0["spoken"] as? String } == ["Delete this item?", "Cancel. Button.", "Delete. Button."])
    }

    @Test func failOnDecidesTheExitCode() throws {
        let file = Self.example("checkout-with-problems.json")
        #expect(try Self.run(["audit", file]).status == 1)  // serious violations by default
        #expect(try Self.run(["audit", file, "--fail-on", "none"]).status == 0)
        #expect(try Self.run(["audit", file, "--fail-on", "critical"]).status == 1)  // control-name is critical
        #expect(try Self.run(["audit", file, "--fail-on", "critical", "--disable", "control-name"]).status == 0)
        #expect(try Self.run(["audit", file, "--fail-on", "bad"]).status == 2)
    }

    @Test func badInputIsOneLineWithAPointerAndExitTwo() throws {
        let file = try Self.temporaryFile(#"{"root": {"children": [{"id": "a"}, {"id": "a"}]}}"#)
        let r = try Self.run(["audit", file])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasSuffix("duplicate id \"a\" (first used at /root/children/0) at /root/children/1/id\n"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(try Self.run(["audit", "/nonexistent/tree.json"]).status == 2)
        #expect(try Self.run(["audit", file, "--only", "no-such-rule"]).status == 2)
    }

    /// An Android dump of our own: one unnamed clickable node (control-name) in a 1080 px screen.
    static let androidDump = #"<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node class="android.widget.ImageButton" clickable="true" text="" content-desc="" bounds="[0,0][1080,300]"/></hierarchy>"#

    @Test func androidDumpsAreRecognisedAndPointedInto() throws {
        let file = try Self.temporaryFile(Self.androidDump)
        let r = try Self.run(["audit", file])
        #expect(r.status == 1)  // control-name is critical
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(text.contains(#""node":"/hierarchy/node[1]","line":1,"column":63"#))
        #expect(try Self.run(["audit", file, "--input-format", "android", "--density", "2.625"]).status == 1)
        // Read as JSON it is malformed JSON.
        #expect(try Self.run(["audit", file, "--input-format", "json"]).status == 2)
        #expect(try Self.run(["audit", file, "--input-format", "yaml"]).status == 2)
        #expect(try Self.run(["audit", file, "--density", "0"]).status == 2)
        #expect(try Self.run(["audit", file, "--density", "nan"]).status == 2)
    }

    @Test func badDumpsAreOneLineWithLineAndColumn() throws {
        let laughs = try Self.temporaryFile("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">]>\n<hierarchy/>")
        let r = try Self.run(["audit", laughs])
        #expect(r.status == 2)
        #expect(r.stderr.hasSuffix("a DOCTYPE is not accepted (no DTDs, no entity declarations) at line 2, column 1\n"))
        let bounds = try Self.temporaryFile(#"<hierarchy><node bounds="[0,0]"/></hierarchy>"#)
        let b = try Self.run(["audit", bounds])
        #expect(b.status == 2)
        #expect(b.stderr.hasSuffix("attribute bounds is \"[0,0]\", expected [left,top][right,bottom] at /hierarchy/node[1]/@bounds, line 1, column 18\n"))
    }

    /// "inf" and "1e400" parse as infinity: a target size no JSON request can carry, refused alike.
    @Test func infiniteTargetSizeIsAUsageError() throws {
        let file = Self.example("checkout-with-problems.json")
        for size in ["inf", "1e400", "44xinf"] {
            let r = try Self.run(["audit", file, "--target-size", size])
            #expect(r.status == 2)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("--target-size takes N or WxH"))
        }
        #expect(try Self.run(["audit", file, "--target-size", "1e300", "--fail-on", "none"]).status == 0)
    }

    @Test func standardInputAndSuppressions() throws {
        let tree = try Data(contentsOf: URL(fileURLWithPath: Self.example("checkout-with-problems.json")))
        let r = try Self.run(["audit", "-", "--suppress", "rule=control-name,id=close,reason=icon only"], stdin: tree)
        let summary = try #require(r.json?["summary"] as? [String: Any])
        let suppressed = try #require(summary["suppressed"] as? [String: Any])
        #expect(suppressed["count"] as? Int == 1)
        let findings = try #require(r.json?["findings"] as? [[String: Any]])
        #expect(!findings.contains { $0["rule"] as? String == "control-name" })
    }

    @Test func folderIsABatchNamedAfterFiles() throws {
        let r = try Self.run(["audit", Self.examples.path, "--fail-on", "none"])
        #expect(r.status == 0)
        let screens = try #require(r.json?["screens"] as? [[String: Any]])
        let names = screens.compactMap { $0["name"] as? String }
        #expect(names.contains("login-form-nested-ids.json"))
        #expect(names == names.sorted())
        #expect(r.json?["summary"] is [String: Any])
    }

    @Test func baselineFailsOnlyOnNewFindings() throws {
        let original = try String(contentsOfFile: Self.example("checkout-with-problems.json"), encoding: .utf8)
        let baseline = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-baseline-\(UUID().uuidString).json").path
        let before = try Self.temporaryFile(original)
        #expect(try Self.run(["audit", before, "--write-baseline", baseline]).status == 0)
        #expect(try Self.run(["audit", before, "--baseline", baseline]).status == 0)

        // Fix the unlabelled close button, add an unrelated banner, break the title's contrast.
        var changed = original.replacingOccurrences(of: #""id": "close", "type": "button","#,
                                                   with: #""id": "close", "type": "button", "label": "Close","#)
        changed = changed.replacingOccurrences(of: ##""foreground": "#222222""##, with: ##""foreground": "#BBBBBB""##)
        // Same file name: the baseline matches findings screen by screen.
        try changed.write(toFile: before, atomically: true, encoding: .utf8)
        let r = try Self.run(["audit", before, "--baseline", baseline])
        #expect(r.status == 1)
        let findings = try #require(r.json?["findings"] as? [[String: Any]])
        let new = findings.filter { $0["baseline"] as? String == "new" }.compactMap { $0["rule"] as? String }
        #expect(new == ["text-contrast"])
        let summary = try #require(r.json?["summary"] as? [String: Any])
        let comparison = try #require(summary["baseline"] as? [String: Any])
        #expect(comparison["fixed"] as? Int == 1)
    }

    @Test func reportFormats() throws {
        let file = Self.example("checkout-with-problems.json")
        let text = try Self.run(["audit", file, "--format", "text"])
        #expect(String(decoding: text.stdout, as: UTF8.self).contains("checkout-with-problems.json: 6 screen-reader stops, 12 findings"))
        let sarif = try Self.run(["audit", file, "--format", "sarif"])
        #expect(sarif.json?["version"] as? String == "2.1.0")
        let junit = String(decoding: try Self.run(["audit", file, "--format", "junit"]).stdout, as: UTF8.self)
        #expect(junit.hasPrefix("<?xml") && junit.contains("<testsuites"))
        let html = String(decoding: try Self.run(["audit", file, "--format", "html"]).stdout, as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(try Self.run(["audit", file, "--format", "yaml"]).status == 2)
    }

    @Test func rulesCatalogue() throws {
        let r = try Self.run(["rules", "--format", "json"])
        #expect(r.status == 0)
        let rules = try #require(r.json?["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["id"] as? String == "text-contrast" })
        #expect(rules.allSatisfy { $0["wcag"] is [String] && $0["impact"] is String && $0["description"] is String })
        #expect(try Self.run(["rules", "--format", "xml"]).status == 2)
    }
}
