import A11yTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issues 24 and 28 on the command line: bounded reads, folder entries that cannot be followed,
/// one strict number parser, `--version`, several reports from one audit, `NO_COLOR`, every
/// recognised input in a folder, and inputs in a format we do not read named as such.
extension CLITests {
    // MARK: --version

    @Test func versionPrintsTheOneVersionTheOpenAPIDocumentSays() throws {
        let r = try Self.run(["--version"])
        #expect(r.status == 0)
        let line = r.stdoutText
        #expect(line.hasPrefix("a11y-audit ") && line.hasSuffix("\n"))
        let version = line.dropFirst("a11y-audit ".count).dropLast()
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(line)")
        let openapi = String(decoding: try #require(readFile(Repository.path("openapi.md"))), as: UTF8.self)
        #expect(openapi.contains("\"version\": \"\(version)\""), "openapi.md info.version differs from \(version)")
    }

    // MARK: Bounded reads

    @Test func endlessInputsStopAtTheInputLimitWithOneLine() throws {
        for device in ["/dev/zero", "/dev/urandom"] {
            let r = try Self.run(["audit", device])
            #expect(r.status == 2, "\(device)")
            #expect(r.stderr == "error: \(device) is larger than 8388608 bytes, the input limit (--max-input-bytes)\n")
        }
        // Standard input is counted too: one byte over the limit is refused, the limit itself read.
        let tree = Array(Self.smallButton.utf8)
        let padded = tree + [UInt8](repeating: 0x20, count: 200 - tree.count)
        let over = try Self.run(["audit", "-", "--max-input-bytes", "199"], stdin: Data(padded))
        #expect(over.status == 2)
        #expect(over.stderr == "error: standard input is larger than 199 bytes, the input limit (--max-input-bytes)\n")
        #expect(try Self.run(["audit", "-", "--max-input-bytes", "200", "--fail-on", "none"], stdin: Data(padded)).status == 0)
        // An endless pipe: stopped at the limit, quickly, whatever keeps writing (`yes` then
        // hears of the closed pipe; the runner may have it ignore SIGPIPE, so it says so on stderr).
        let shell = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "yes '{}' 2>/dev/null | \"$0\" audit -", try Self.binary().path])
        #expect(shell.status == 2)
        #expect(shell.stderr == "error: standard input is larger than 8388608 bytes, the input limit (--max-input-bytes)\n")
        // The same bound for a file named on the command line and for a baseline.
        let file = try Self.temporaryFile(String(decoding: padded, as: UTF8.self))
        #expect(try Self.run(["audit", file, "--max-input-bytes", "199"]).status == 2)
        #expect(try Self.run(["audit", Self.checkout, "--baseline", file, "--max-input-bytes", "199"]).stderr.contains("larger than 199 bytes"))
    }

    // MARK: Folder entries that cannot be followed

    @Test func aFolderEntryThatCannotBeFollowedStopsTheRunNamingIt() throws {
        for (name, target) in [("dangling.json", "nowhere.json"), ("loop.json", "loop.json"), ("dump.xml", "missing.xml")] {
            let folder = try Self.temporaryFolder()
            try Data(Self.smallButton.utf8).write(to: folder.appendingPathComponent("ok.json"))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
            let r = try Self.run(["audit", folder.path, "--fail-on", "none"])
            #expect(r.status == 2, "\(name)")
            #expect(r.stderr.split(separator: "\n").count == 1)
            #expect(r.stderr.hasPrefix("error: \(folder.appendingPathComponent(name).path): cannot follow the symbolic link: "), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        // A pipe named like an input would block the run: refused, naming it.
        let withFIFO = try Self.temporaryFolder()
        try Data(Self.smallButton.utf8).write(to: withFIFO.appendingPathComponent("ok.json"))
        #expect(mkfifo(withFIFO.appendingPathComponent("pipe.json").path, 0o644) == 0)
        let fifo = try Self.run(["audit", withFIFO.path, "--fail-on", "none"])
        #expect(fifo.status == 2)
        #expect(fifo.stderr == "error: \(withFIFO.path)/pipe.json: not a regular file (a device, pipe or socket)\n")
        // A link to a file is followed; a broken link whose name is no input is not looked at.
        let folder = try Self.temporaryFolder()
        try Data(Self.smallButton.utf8).write(to: folder.appendingPathComponent("ok.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alias.json").path, withDestinationPath: "ok.json")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("notes.txt").path, withDestinationPath: "nowhere")
        let r = try Self.run(["audit", folder.path, "--fail-on", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.names(r) == ["alias.json", "ok.json"])
    }

    // MARK: One strict number parser

    @Test func numbersAreDecimalFiniteAndInRangeForEveryFlag() throws {
        let dump = try Self.temporaryFile(Self.androidDump)
        for density in ["4.9e-324", "0x10", "1e1", "inf", "nan", "+2", ".5", "2.", " 2", "2 ", "1_0", "0.09", "0.0000000000000000000000000001", "100.0001"] {
            let r = try Self.run(["audit", dump, "--density", density])
            #expect(r.status == 2, "--density \(density)")
            #expect(r.stderr.hasPrefix("error: --density takes a decimal number from 0.1 to 100"), "\(density): \(r.stderr)")
        }
        for density in ["0.1", "2.625", "100", "3"] {
            #expect(try Self.run(["audit", dump, "--density", density]).status == 1, "--density \(density)")
        }
        let file = Self.checkout
        for (flag, value) in [("--jobs", "0x2"), ("--jobs", "+2"), ("--jobs", "2.0"), ("--contrast-text", "4.5e0"), ("--contrast-text", "0x4"),
                              ("--target-size", "4.4e1"), ("--target-size", "0x10"), ("--max-input-bytes", "1e6"), ("--max-input-bytes", "0x100000")] {
            #expect(try Self.run(["audit", file, flag, value]).status == 2, "\(flag) \(value)")
        }
        #expect(try Self.run(["audit", file, "--jobs", "2", "--contrast-text", "4.5", "--target-size", "44", "--fail-on", "none"]).status == 0)
        // serve's flags and A11Y_AUDIT_* variables: refused before anything is bound.
        for arguments in [["serve", "--port", "0x50"], ["serve", "--audit-timeout", "1e1"], ["serve", "--max-body-bytes", "8e6"], ["serve", "--workers", "+2"]] {
            let r = try Self.run(arguments)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.contains(arguments[1]), "\(r.stderr)")
        }
    }

    // MARK: Several reports from one audit

    @Test func outputsWriteSeveralReportsFromOneAudit() throws {
        let folder = try Self.temporaryFolder()
        for inputs in [[Self.checkout], [Self.checkout, Self.example("custom-alert-modal.json")]] {
            let paths = ["sarif": "r.sarif", "junit": "r.xml", "html": "r.html", "text": "r.txt"].mapValues { folder.appendingPathComponent($0).path }
            let json = folder.appendingPathComponent("r.json").path
            var arguments = ["audit"] + inputs + ["-o", json]
            for (format, path) in paths.sorted(by: { $0.key < $1.key }) { arguments += ["--output", "\(format)=\(path)"] }
            let r = try Self.run(arguments)
            #expect(r.status == 1, "\(r.stderr)")  // the exit code is the audit's, whatever is written
            #expect(r.stdout.isEmpty)
            // Each file holds what `--format` prints for the same inputs, byte for byte.
            for (format, path) in paths.merging(["json": json], uniquingKeysWith: { a, _ in a }) {
                let alone = try Self.run(["audit"] + inputs + ["--format", format])
                #expect(readFile(path) == Array(alone.stdout), "\(format) of \(inputs.count) inputs")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["r.html", "r.json", "r.sarif", "r.txt", "r.xml"])
        }
        // `--output FORMAT=-` is standard output, beside files.
        let both = try Self.run(["audit", Self.checkout, "--output", "text=-", "--output", "sarif=\(folder.path)/s.sarif"])
        #expect(both.status == 1)
        #expect(both.stdoutText.contains("screen-reader stops"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/s.sarif"))
    }

    @Test func badOutputsAreExitTwoWithNoFileLeftBehind() throws {
        let folder = try Self.temporaryFolder()
        let kept = folder.appendingPathComponent("kept.sarif")
        try Data("old".utf8).write(to: kept)
        let sarif = "sarif=\(kept.path)", junit = "junit=\(folder.path)/new.xml"
        let cases: [[String]] = [
            ["--output", "pdf=\(folder.path)/a.pdf"],                         // unknown format
            ["--output", "sarif"], ["--output", "=x"], ["--output", "sarif="],  // not FORMAT=FILE
            ["--output", sarif, "--output", junit, "--output", "html=\(folder.path)/no/such/folder/r.html"],  // unwritable
            ["--output", sarif, "--output", "json=\(kept.path)"],            // two reports, one file
            ["--output", "json=\(folder.path)/r.json", "-o", "\(folder.path)//r.json"],
            ["--output", "json=-", "--output", "text=-"],                    // two on standard output
            ["-o", "\(folder.path)/a.json", "-o", "\(folder.path)/b.json"],
        ]
        for extra in cases {
            let r = try Self.run(["audit", Self.checkout] + extra)
            #expect(r.status == 2, "\(extra)")
            #expect(r.stderr.hasPrefix("error: "), "\(extra)")
        }
        // Bad input after the files were opened: nothing replaced, nothing beside.
        let bad = try Self.temporaryFile("{")
        for inputs in [[bad], [Self.checkout, bad]] {
            let r = try Self.run(["audit"] + inputs + ["--output", sarif, "--output", junit, "-o", "\(folder.path)/r.json"])
            #expect(r.status == 2)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.sarif"])
        #expect(readFile(kept.path) == Array("old".utf8))
        // A write that fails (a full disk) is exit 2 too, and takes the other files with it.
        let full = try Self.run(["audit", Self.checkout, "--output", "json=/dev/full", "--output", junit])
        #expect(full.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.sarif"])
    }

    @Test func anInterruptedRunLeavesNoTemporaryFileBehind() throws {
        let folder = try Self.temporaryFolder()
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = ["audit", "-", "--output", "json=\(folder.path)/r.json", "--output", "sarif=\(folder.path)/r.sarif"]
        let input = Pipe()  // never written nor closed: the run waits on standard input
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The reports' temporary files exist once the run waits for its input.
        var waited = 0
        while try FileManager.default.contentsOfDirectory(atPath: folder.path).count < 2 && waited < 500 {
            usleep(10_000)
            waited += 1
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
        process.terminate()  // SIGTERM, as a CI job's timeout sends
        // The test runner blocks SIGTERM (its servers wait on it) and children inherit that:
        // the run must unblock it. Should it not, it is killed rather than waited for.
        waited = 0
        while process.isRunning && waited < 1_000 {
            usleep(10_000)
            waited += 1
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        try input.fileHandleForWriting.close()
    }

    // MARK: Colour

    /// Runs the binary with standard output on a pseudo-terminal (util-linux `script`, in
    /// Debian's essential `bsdutils`); what it printed there.
    static func runOnTerminal(_ arguments: [String], environment: [String: String]) throws -> String {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = ([try binary().path] + arguments).map(quoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let arguments = ["audit", Self.checkout, "--format", "text"]
        #expect(try Self.runOnTerminal(arguments, environment: [:]).contains("\u{1B}["))
        // https://no-color.org: present and not empty turns colour off; empty is as if unset.
        #expect(try !Self.runOnTerminal(arguments, environment: ["NO_COLOR": "1"]).contains("\u{1B}"))
        #expect(try Self.runOnTerminal(arguments, environment: ["NO_COLOR": ""]).contains("\u{1B}["))
        // Not a terminal: a pipe, or a file written with -o while standard output is a terminal.
        #expect(!(try Self.run(arguments)).stdoutText.contains("\u{1B}"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-cli-\(UUID().uuidString).txt").path
        _ = try Self.runOnTerminal(arguments + ["-o", file], environment: [:])
        let written = String(decoding: try #require(readFile(file)), as: UTF8.self)
        #expect(written.contains("screen-reader stops") && !written.contains("\u{1B}"))
    }

    // MARK: A folder means every input it recognises

    static let iosPage = #"<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" x="0" y="0" width="390" height="844"><XCUIElementTypeButton type="XCUIElementTypeButton" label="Go" x="0" y="0" width="60" height="60"/></XCUIElementTypeApplication></AppiumAUT>"#

    @Test func aFolderAuditsEveryInputItRecognisesAndNamesTheRest() throws {
        let folder = try Self.temporaryFolder()
        let files = ["tree.json": Self.smallButton, "android.xml": Self.androidDump, "ios.xml": Self.iosPage,
                     "design.json": Self.figmaNodes, "notes.md": "# not an input", "shot.png": "\u{89}PNG"]
        for (name, contents) in files { try Data(contents.utf8).write(to: folder.appendingPathComponent(name)) }
        let r = try Self.run(["audit", folder.path, "--fail-on", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.names(r) == ["android.xml", "design.json#Home", "ios.xml", "tree.json"])
        // The Android dump's unnamed button is in the verdict, not only listed.
        #expect(try Self.run(["audit", folder.path]).status == 1)
        // A format asked for by name takes only its own files.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ios.xml"))
        let android = try Self.run(["audit", folder.path, "--fail-on", "none", "--input-format", "android"])
        #expect(try Self.names(android) == ["android.xml"])
        // An XML file that is no dump is an error naming it, not a skip.
        try Data(#"<?xml version="1.0"?><testsuites tests="1"/>"#.utf8).write(to: folder.appendingPathComponent("junit.xml"))
        let junit = try Self.run(["audit", folder.path, "--fail-on", "none"])
        #expect(junit.status == 2)
        #expect(junit.stderr.hasPrefix("error: \(folder.path)/junit.xml: "), "\(junit.stderr)")
        #expect(junit.stderr.split(separator: "\n").count == 1)
    }

    // MARK: Inputs in a format we do not read

    @Test func aChromeAccessibilityTreeIsNamedAsSuch() throws {
        let node = #"{"nodeId": "2", "ignored": false, "role": {"type": "internalRole", "value": "RootWebArea"}, "name": {"type": "computedString", "value": "Demo"}, "childIds": []}"#
        let shapes = [(#"{"nodes": [\#(node)]}"#, "/nodes"), (#"{"id": 7, "result": {"nodes": [\#(node)]}}"#, "/result/nodes"), ("[\(node)]", "/0")]
        for (document, pointer) in shapes {
            let file = try Self.temporaryFile(document)
            for extra in [[], ["--input-format", "figma"], ["--input-format", "json"]] {
                let r = try Self.run(["audit", file] + extra)
                #expect(r.status == 2, "\(document) \(extra)")
                #expect(r.stderr == "error: \(file): looks like a Chrome DevTools accessibility tree (CDP getFullAXTree), which is not supported; "
                        + "inputs are our JSON tree format, an Android (UI Automator, Appium) or iOS (XCUITest) XML dump, a WebDriverAgent JSON source, or a Figma REST response "
                        + "(docs/importing.md) at \(pointer)\n", "\(extra)")
            }
        }
        let others = [(#"{"role": "WebArea", "name": "Demo", "children": []}"#, "Puppeteer or Playwright accessibility snapshot"),
                      (#"{"version": "2.1.0", "runs": []}"#, "SARIF log"),
                      (#"{"testEngine": {"name": "axe-core"}, "violations": [], "passes": []}"#, "axe-core results")]
        for (document, name) in others {
            let r = try Self.run(["audit", try Self.temporaryFile(document)])
            #expect(r.status == 2)
            #expect(r.stderr.contains("looks like \(name.hasPrefix("axe") ? "" : "a ")\(name)"), "\(r.stderr)")
        }
        // Our own report fed back in is named too; a broken tree of ours keeps its own message.
        let report = try Self.temporaryFile(String(decoding: try Self.run(["audit", Self.checkout]).stdout, as: UTF8.self))
        #expect(try Self.run(["audit", report]).stderr.contains("looks like an a11y-audit report"))
        #expect(try Self.run(["audit", try Self.temporaryFile(#"{"root": {"type": "button", "children": 3}}"#)]).stderr.contains("looks like") == false)
    }
}
