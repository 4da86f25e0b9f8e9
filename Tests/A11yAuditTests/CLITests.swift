import A11yTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The command line as a pipeline uses it: the real binary, real files, real exit codes.
@Suite struct CLITests {
    static let root = URL(fileURLWithPath: Repository.root)
    static let examples = root.appendingPathComponent("Examples")

    typealias Outcome = ProcessOutput

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

    /// The built binary with `arguments` (see `runProcess` for the others).
    static func run(_ arguments: [String], stdin: Data? = nil, stdoutFile: String? = nil, in directory: URL? = nil) throws -> Outcome {
        try runProcess(binary(), arguments, stdin: stdin, stdoutFile: stdoutFile, in: directory)
    }

    static func example(_ name: String) -> String { examples.appendingPathComponent(name).path }
    /// A folder holding only the example screens (`Examples/` also holds the Figma plugin,
    /// whose manifest is no screen): what a pipeline's folder of screens looks like.
    static let exampleScreens: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-example-screens-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try! FileManager.default.contentsOfDirectory(atPath: examples.path) where name.hasSuffix(".json") {
            try! FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }()

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

    /// A Figma `/nodes` response of our own: one 390x844 frame holding a grey text on white.
    static let figmaNodes = #"{"name":"Demo","nodes":{"1:2":{"document":{"id":"1:2","name":"Home","type":"FRAME","absoluteBoundingBox":{"x":0,"y":0,"width":390,"height":844},"fills":[{"type":"SOLID","color":{"r":1,"g":1,"b":1,"a":1}}],"children":[{"id":"1:3","name":"Hint","type":"TEXT","characters":"Hint","absoluteBoundingBox":{"x":10,"y":10,"width":100,"height":20},"fills":[{"type":"SOLID","color":{"r":0.6,"g":0.6,"b":0.6,"a":1}}],"style":{"fontSize":14,"fontWeight":400}}]}}}}"#

    @Test func figmaResponsesAreRecognisedAndPointedInto() throws {
        let file = try Self.temporaryFile(Self.figmaNodes)
        for arguments in [["audit", file], ["audit", file, "--input-format", "figma"]] {
            let r = try Self.run(arguments)
            #expect(r.status == 1, "\(arguments)")  // text-contrast is serious
            let text = String(decoding: r.stdout, as: UTF8.self)
            #expect(text.contains(#"{"pointer":"/nodes/1:2/document/children/0"}"#), "\(arguments)")
            #expect(text.contains(try Regex(#""node":\d+,"sourceId":"1:3","#)), "\(arguments)")
        }
        // Read as our tree format it has no root.
        #expect(try Self.run(["audit", file, "--input-format", "json"]).status == 2)
        let frameless = try Self.temporaryFile(#"{"nodes":{"1:1":{"document":{"id":"1:1","type":"RECTANGLE"}}}}"#)
        let r = try Self.run(["audit", frameless])
        #expect(r.status == 2)
        #expect(r.stderr.hasSuffix("the Figma document has no frames: screens are the top-level FRAME, COMPONENT, INSTANCE or SECTION layers of a page, or requested nodes of those types or holding text at /\n"))
    }

    @Test func androidDumpsAreRecognisedAndPointedInto() throws {
        let file = try Self.temporaryFile(Self.androidDump)
        let r = try Self.run(["audit", file])
        #expect(r.status == 1)  // control-name is critical
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(text.contains(try Regex(#""node":\d+,"line":1,"column":63"#)) && text.contains(#"{"pointer":"/hierarchy/node[1]"}"#))
        #expect(try Self.run(["audit", file, "--input-format", "android", "--density", "2.625"]).status == 1)
        // Read as JSON it is malformed JSON.
        #expect(try Self.run(["audit", file, "--input-format", "json"]).status == 2)
        #expect(try Self.run(["audit", file, "--input-format", "yaml"]).status == 2)
        #expect(try Self.run(["audit", file, "--density", "0"]).status == 2)
        #expect(try Self.run(["audit", file, "--density", "nan"]).status == 2)
        #expect(try Self.run(["audit", file, "--density", "100.5"]).status == 2)
        #expect(try Self.run(["audit", file, "--input-format", "android", "--density", "100"]).status == 1)
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
        // The dump's own text in the message goes through the terminal escaping (a C1 CSI here).
        let csi = try Self.temporaryFile("<hierarchy><node bounds=\"[0,0]\u{9B}2J\"/></hierarchy>")
        let c = try Self.run(["audit", csi])
        #expect(c.status == 2)
        #expect(c.stderr.hasSuffix(#"attribute bounds is "[0,0]\u{9B}2J", expected [left,top][right,bottom] at /hierarchy/node[1]/@bounds, line 1, column 18"# + "\n"))
        #expect(c.stderr.split(separator: "\n").count == 1)
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
        // A huge size written out in decimal is finite, and taken; an exponent is not decimal text.
        #expect(try Self.run(["audit", file, "--target-size", "1" + String(repeating: "0", count: 30), "--fail-on", "none"]).status == 0)
        #expect(try Self.run(["audit", file, "--target-size", "1e300", "--fail-on", "none"]).status == 2)
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
        let r = try Self.run(["audit", Self.exampleScreens.path, "--fail-on", "none"])
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

/// Issue 15 and 19: hostile text on standard error, help, strict flags, failed writes.
extension CLITests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Creates `folder/name` from raw name bytes (which need not be UTF-8).
    static func createFile(in folder: URL, nameBytes: [UInt8], contents: String) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + nameBytes + [0]
        let fd = path.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(fd >= 0)
        let bytes = Array(contents.utf8)
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
    }

    static let smallButton = #"{"root": {"type": "button", "label": "OK", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}}}"#

    @Test func helpAnywherePrintsTheUsageAndSucceeds() throws {
        let file = Self.example("checkout-with-problems.json")
        for arguments in [["--help"], ["audit", "--help"], ["audit", "-h"], ["audit", file, "--baseline", "--help"],
                          ["audit", file, "--help", "--format", "text"], ["rules", "--help"]] {
            let r = try Self.run(arguments)
            #expect(r.status == 0, "\(arguments)")
            #expect(String(decoding: r.stdout, as: UTF8.self).hasPrefix("usage: a11y-audit audit"), "\(arguments)")
            #expect(r.stderr.isEmpty, "\(arguments)")
        }
    }

    /// The usage and the parser come from one table: every flag the usage lists is read (a
    /// bad value is refused in its own words, never as an unknown option), once, in two columns.
    @Test func everyFlagInTheUsageIsOneTheParserReads() throws {
        let usage = String(decoding: try Self.run(["--help"]).stdout, as: UTF8.self)
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
        let flagLines = lines.filter { $0.hasPrefix("  --") }
        let flags = flagLines.map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(flags.count == 22)
        #expect(Set(flags).count == flags.count)
        // Help text starts at column 30, on the flag's line or the next.
        func helpAt30(_ line: Substring) -> Bool { let c = Array(line); return c.count > 30 && c[29] == " " && c[30] != " " }
        for (index, line) in lines.enumerated() where line.hasPrefix("  --") {
            let next = lines[index + 1]
            #expect(helpAt30(line) || (next.prefix(30).allSatisfy { $0 == " " } && helpAt30(next)), "\(line)")
        }
        let file = Self.example("checkout-with-problems.json")
        for (flag, line) in zip(flags, flagLines) where flag != "--help" && flag != "--pretty" {
            #expect(line.dropFirst(2 + flag.count).hasPrefix(" ") && !line.dropFirst(3 + flag.count).hasPrefix(" "), "\(flag) names its value")
            let r = try Self.run(["audit", file, flag, "/nonexistent/value"])
            #expect(r.status == 2, "\(flag)")
            #expect(r.stderr.hasPrefix("error: ") && !r.stderr.contains("unknown option"), "\(flag): \(r.stderr.prefix(80))")
        }
    }

    @Test func targetSizeWithAMissingSideIsRefusedWithTheUsage() throws {
        let file = Self.example("checkout-with-problems.json")
        for size in ["100x", "x100", "44x44x44", "44xx44", "x", ""] {
            let r = try Self.run(["audit", file, "--target-size", size])
            #expect(r.status == 2, "\(size)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix("error: --target-size takes N or WxH"), "\(size)")
            #expect(r.stderr.contains("usage: a11y-audit audit"), "\(size)")
        }
        #expect(try Self.run(["audit", file, "--target-size", "20x24", "--fail-on", "none"]).status == 0)
    }

    @Test func suppressionReasonKeepsItsCommas() throws {
        let file = Self.example("checkout-with-problems.json")
        let r = try Self.run(["audit", file, "--format", "sarif", "--suppress", "reason=icon only, see #12,id=close,rule=control-name"])
        let results = try #require(((r.json?["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let reasons = results.flatMap { ($0["suppressions"] as? [[String: Any]]) ?? [] }.compactMap { $0["justification"] as? String }
        #expect(reasons == ["icon only, see #12"])
        // A comma before a word and '=' starts a pair, so a mistyped key is refused, not absorbed.
        let typo = try Self.run(["audit", file, "--suppress", "rule=control-name,raeson=x"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown key raeson"))
    }

    @Test func textCountsAgreeInNumber() throws {
        let one = try Self.temporaryFile(Self.smallButton)
        let text = String(decoding: try Self.run(["audit", one, "--format", "text"]).stdout, as: UTF8.self)
        #expect(text.contains(": 1 screen-reader stop, 1 finding (1 serious)\n"))
        let many = String(decoding: try Self.run(["audit", Self.example("checkout-with-problems.json"), "--format", "text"]).stdout, as: UTF8.self)
        #expect(many.contains(": 6 screen-reader stops, 12 findings"))
    }

    @Test func aFailedWriteIsAFailedRun() throws {
        let file = Self.example("checkout-with-problems.json")
        let sarif = try Self.run(["audit", file, "--format", "sarif", "--fail-on", "none"], stdoutFile: "/dev/full")
        #expect(sarif.status == 2)
        #expect(sarif.stderr == "error: cannot write standard output: No space left on device\n")
        let baseline = try Self.run(["audit", file, "--fail-on", "none", "--write-baseline", "/dev/full"])
        #expect(baseline.status == 2)
        #expect(baseline.stderr == "error: cannot write /dev/full: No space left on device\n")
        let missing = try Self.run(["audit", file, "--fail-on", "none", "--write-baseline", "/nonexistent/dir/b.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: cannot write /nonexistent/dir/b.json: "))
    }

    @Test func baselineIsReplacedWholeWithNothingLeftBeside() throws {
        let folder = try Self.temporaryFolder()
        let target = folder.appendingPathComponent("baseline.json")
        try Data("old".utf8).write(to: target)
        let file = Self.example("checkout-with-problems.json")
        #expect(try Self.run(["audit", file, "--fail-on", "none", "--write-baseline", target.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["baseline.json"])
        let written = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: target)) as? [String: Any])
        #expect(written["version"] as? Int == 1)
        #expect(try Self.run(["audit", file, "--baseline", target.path]).status == 0)
    }

    @Test func aFileNameThatIsNotUTF8IsAuditedNotFatal() throws {
        let folder = try Self.temporaryFolder()
        try Self.createFile(in: folder, nameBytes: Array("caf".utf8) + [0xE9] + Array(".json".utf8), contents: Self.smallButton)
        try Self.createFile(in: folder, nameBytes: Array("ok.json".utf8), contents: Self.smallButton)
        let r = try Self.run(["audit", folder.path, "--format", "text", "--fail-on", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(text.contains("caf\u{FFFD}.json: 1 screen-reader stop"))
        #expect(text.contains("ok.json: 1 screen-reader stop"))
    }

    @Test func standardErrorShowsHostileTextEscaped() throws {
        let folder = try Self.temporaryFolder()
        // A file name that clears the screen, and an id that forges a line and reverses text.
        try Self.createFile(in: folder, nameBytes: Array("evil\u{1B}[2J.json".utf8), contents: "{")
        let name = try Self.run(["audit", folder.path])
        #expect(name.status == 2)
        #expect(name.stderr.contains(#"evil\u{1B}[2J.json"#))
        let id = try Self.temporaryFile(#"{"root": {"children": [{"id": "a\r\nerror: \u202Eok\u001b]0;t\u0007"}, {"id": "a\r\nerror: \u202Eok\u001b]0;t\u0007"}]}}"#)
        let duplicate = try Self.run(["audit", id])
        #expect(duplicate.status == 2)
        #expect(duplicate.stderr.contains(#"duplicate id "a\u{0D}\u{0A}error: \u{202E}ok\u{1B}]0;t\u{07}""#))
        let command = try Self.run(["\u{1B}[31mfoo"])
        #expect(command.status == 2)
        #expect(command.stderr.hasPrefix(#"error: unknown command "\u{1B}[31mfoo""#))
        let flag = try Self.run(["audit", "x.json", "--\u{9B}2J"])
        #expect(flag.stderr.hasPrefix(#"error: --\u{9B}2J needs a value"#) || flag.stderr.hasPrefix(#"error: unknown option --\u{9B}2J"#))
        // `serve` reports its flag errors through the same escaping (a host name is the user's text).
        let serve = try Self.run(["serve", "--host", "\u{1B}]0;pwned\u{07}", "--port", "0"])
        #expect(serve.status != 0)
        #expect(serve.stderr.contains(#"\u{1B}]0;pwned\u{07}"#), "\(serve.stderr)")
        for r in [name, duplicate, command, flag, serve] {
            // One line of error, then only the usage: nothing a terminal would act on.
            #expect(!r.stderr.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}") })
        }
        #expect(duplicate.stderr.split(separator: "\n").count == 1)
    }

    @Test func hostileTreeAsTextOnAPipeHasNoEscapes() throws {
        let hostile = Self.root.appendingPathComponent("Tests/A11yCoreTests/Fixtures/Reports/hostile.json").path
        let r = try Self.run(["audit", hostile, "--format", "text", "--fail-on", "none"])
        #expect(r.status == 0)
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(text.contains(#"\u{1B}[31mRED"#))
        #expect(!text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) })
    }
}

/// `--screenshot` and NAME.png beside NAME.json in a folder.
@Suite struct ScreenshotCLITests {
    static let tree = #"{"root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "children": [{"type": "button", "label": "OK", "frame": {"x": 20, "y": 100, "width": 100, "height": 44}}]}}"#

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aScreenshotIsNamedInEveryFormatAndDrawnInHTML() throws {
        let dir = try Self.folder()
        try Data(Self.tree.utf8).write(to: dir.appendingPathComponent("login.json"))
        try Data(TestPNG.solid(width: 1170, height: 2532)).write(to: dir.appendingPathComponent("shot.png"))
        let file = dir.appendingPathComponent("login.json").path, shot = dir.appendingPathComponent("shot.png").path
        let text = try CLITests.run(["audit", file, "--screenshot", shot, "--format", "text"])
        #expect(text.status == 0)
        #expect(text.stdoutText.contains("screenshot: \(shot) (1170 x 2532 pixels, 3 pixels a unit)"))
        let json = try CLITests.run(["audit", file, "--screenshot", shot])
        #expect(json.stdoutText.contains(#""width":1170,"height":2532,"scale":3"#))
        let html = try CLITests.run(["audit", file, "--screenshot", shot, "--format", "html"])
        #expect(html.stdoutText.contains("<image x=\"0\" y=\"0\" width=\"390\" height=\"844\""))
        #expect(html.stdoutText.contains("href=\"data:image/png;base64,iVBORw0KGgo"))
    }

    @Test func aScreenshotThatDoesNotFitExitsTwo() throws {
        let dir = try Self.folder()
        let file = dir.appendingPathComponent("login.json"), shot = dir.appendingPathComponent("shot.png")
        try Data(Self.tree.utf8).write(to: file)
        try Data(TestPNG.solid(width: 1080, height: 2400)).write(to: shot)
        let r = try CLITests.run(["audit", file.path, "--screenshot", shot.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("does not fit the screen of 390 x 844"))
        try Data("not a png".utf8).write(to: shot)
        let notPNG = try CLITests.run(["audit", file.path, "--screenshot", shot.path])
        #expect(notPNG.status == 2 && notPNG.stderr.contains("not a PNG"))
        let twoFiles = try CLITests.run(["audit", file.path, file.path + "x", "--screenshot", shot.path])
        #expect(twoFiles.status == 2 && twoFiles.stderr.contains("--screenshot goes with one input file"))
    }

    @Test func inAFolderNamePngPairsWithNameJsonAndIsNoInput() throws {
        let dir = try Self.folder()
        try Data(Self.tree.utf8).write(to: dir.appendingPathComponent("a.json"))
        try Data(TestPNG.solid(width: 780, height: 1688)).write(to: dir.appendingPathComponent("a.png"))
        try Data(Self.tree.utf8).write(to: dir.appendingPathComponent("b.json"))
        try Data(TestPNG.solid(width: 5, height: 5)).write(to: dir.appendingPathComponent("lonely.png"))
        let r = try CLITests.run(["audit", dir.path, "--format", "text"])
        #expect(r.status == 0)
        #expect(r.stdoutText.contains("a.json"))
        #expect(r.stdoutText.contains("screenshot: \(dir.appendingPathComponent("a.png").path) (780 x 1688 pixels, 2 pixels a unit)"))
        #expect(r.stdoutText.components(separatedBy: "screenshot:").count == 2)  // b.json has none
        #expect(!r.stdoutText.contains("lonely"))
        // A pair that does not fit stops the run as any bad input does.
        try Data(TestPNG.solid(width: 100, height: 100)).write(to: dir.appendingPathComponent("b.png"))
        let bad = try CLITests.run(["audit", dir.path])
        #expect(bad.status == 2 && bad.stderr.contains("b.png"))
    }
}
