import Foundation
import Testing

/// Issue 19: batches at scale — folders searched recursively, a run that finds nothing fails,
/// unique names, the same report whatever the number of threads, baselines across renames.
extension CLITests {
    static let checkout = example("checkout-with-problems.json")

    /// `screens/ios/login.json`, `screens/android/login.json` (different trees), plus files
    /// a search must pass over: a note, a hidden folder.
    static func nestedScreens() throws -> URL {
        let root = try temporaryFolder()
        let screens = root.appendingPathComponent("screens")
        for (folder, source) in [("ios", "checkout-with-problems.json"), ("android", "login-form-nested-ids.json"), (".git", "login-form-nested-ids.json")] {
            let dir = screens.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: example(source), toPath: dir.appendingPathComponent("login.json").path)
        }
        try Data("not a screen".utf8).write(to: screens.appendingPathComponent("README.txt"))
        return root
    }

    static func names(_ r: Outcome) throws -> [String] {
        let screens = try #require(r.json?["screens"] as? [[String: Any]], "\(r.stderr)")
        return screens.compactMap { $0["name"] as? String }
    }

    @Test func foldersAreSearchedRecursivelyAndNamedRelativeToTheFolder() throws {
        let root = try Self.nestedScreens()
        let r = try Self.run(["audit", root.appendingPathComponent("screens").path, "--fail-on", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.names(r) == ["android/login.json", "ios/login.json"])
        // Nested screens are audited, not just listed: the checkout's violations count.
        #expect(try Self.run(["audit", root.appendingPathComponent("screens").path]).status == 1)
    }

    @Test func aRunThatFindsNoScreenFails() throws {
        let empty = try Self.temporaryFolder()
        let r = try Self.run(["audit", empty.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no screens to audit"))
        #expect(r.stderr.contains("*.json"))
        #expect(r.stdout.isEmpty)
        try Data("notes".utf8).write(to: empty.appendingPathComponent("notes.txt"))
        #expect(try Self.run(["audit", empty.path, "--format", "sarif"]).status == 2)
    }

    @Test func filesWithTheSameNameInTwoFoldersAreTwoScreens() throws {
        let root = try Self.nestedScreens()
        let ios = "screens/ios/login.json", android = "screens/android/login.json"
        let sarif = try Self.run(["audit", ios, android, "--format", "sarif", "--fail-on", "none"], in: root)
        #expect(sarif.status == 0, "\(sarif.stderr)")
        let runs = try #require(sarif.json?["runs"] as? [[String: Any]])
        let artifacts = try #require(runs.first?["artifacts"] as? [[String: Any]])
        let uris = artifacts.compactMap { ($0["location"] as? [String: Any])?["uri"] as? String }
        #expect(uris == [ios, android])

        let baseline = root.appendingPathComponent("baseline.json").path
        #expect(try Self.run(["audit", ios, android, "--write-baseline", baseline, "--fail-on", "none"], in: root).status == 0)
        let written = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        let keys = (written["screens"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(keys == [ios, android])
        // Each screen matches its own entries: nothing new, nothing fixed.
        let again = try Self.run(["audit", ios, android, "--baseline", baseline], in: root)
        #expect(again.status == 0)
        let summary = try #require(again.json?["summary"] as? [String: Any])
        let comparison = try #require(summary["baseline"] as? [String: Any])
        #expect(comparison["new"] as? Int == 0)
        #expect(comparison["fixed"] as? Int == 0)
        #expect((comparison["unchanged"] as? Int ?? 0) > 0)
    }

    @Test func aFolderAndAFileInsideItKeepTheirNamesApart() throws {
        let root = try Self.nestedScreens()
        // `ios/login.json` from the folder, `screens/ios/login.json` as given: no clash. The
        // same file named twice is one screen.
        let r = try Self.run(["audit", "screens/ios", "screens/ios/login.json", "screens/ios/login.json", "--fail-on", "none"], in: root)
        #expect(try Self.names(r) == ["login.json", "screens/ios/login.json"])
        // Two folders holding the same relative path: the folder as given tells them apart.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("more/ios"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.checkout, toPath: root.appendingPathComponent("more/ios/login.json").path)
        let two = try Self.run(["audit", "screens", "more", "--fail-on", "none"], in: root)
        #expect(try Self.names(two) == ["android/login.json", "screens/ios/login.json", "more/ios/login.json"])
    }

    @Test func aBaselineKeyedByFileNameStillMatches() throws {
        let root = try Self.nestedScreens()
        // Written as earlier versions did: the screen named by its file name alone.
        let current = try Self.run(["audit", "screens/ios/login.json", "--fail-on", "none"], in: root)
        let findings = try #require(current.json?["findings"] as? [[String: Any]])
        let entries = findings.map { ["fingerprint": $0["fingerprint"] as! String, "rule": $0["rule"] as! String] }
        let old: [String: Any] = ["version": 1, "tool": "a11y-audit", "fingerprintScheme": "a11yAudit/v1",
                                  "screens": [["name": "login.json", "findings": entries]]]
        let path = root.appendingPathComponent("old-baseline.json")
        try JSONSerialization.data(withJSONObject: old).write(to: path)
        let r = try Self.run(["audit", "screens/ios/login.json", "--baseline", path.path], in: root)
        #expect(r.status == 0, "\(r.stderr)")
        // A folder run too; the android screen has no findings, so nothing is fixed either.
        let folder = try Self.run(["audit", "screens/ios", "--baseline", path.path, "--format", "text"], in: root)
        #expect(folder.status == 0)
        #expect(String(decoding: folder.stdout, as: UTF8.self).contains("baseline: 0 new, \(findings.count) unchanged, 0 fixed"))
    }

    @Test func theReportIsTheSameWhateverTheNumberOfJobs() throws {
        let baseline = try Self.temporaryFile(#"{"version": 1, "screens": [{"name": "checkout-with-problems.json", "findings": [{"fingerprint": "f39eed70ddce4769c9a2fd18e735a26c"}, {"fingerprint": "gone"}]}]}"#)
        for format in ["json", "text", "sarif", "junit", "html"] {
            let arguments = ["audit", Self.exampleScreens.path, Self.checkout, "--format", format, "--baseline", baseline,
                             "--suppress", "rule=link-purpose"]
            let one = try Self.run(arguments + ["--jobs", "1"])
            let three = try Self.run(arguments + ["--jobs", "3"])
            #expect(one.status == 1, "\(format): \(one.stderr)")
            #expect(three.status == one.status)
            #expect(!one.stdout.isEmpty)
            #expect(three.stdout == one.stdout, "\(format)")
        }
        #expect(try Self.run(["audit", Self.examples.path, "--jobs", "0"]).status == 2)
        // Past the bound (twice Int.max would trap making the window): a usage error, no crash.
        #expect(try Self.run(["audit", Self.examples.path, "--jobs", "1025"]).status == 2)
        #expect(try Self.run(["audit", Self.examples.path, "--jobs", "9223372036854775807"]).status == 2)
    }

    @Test func aBadFileInABatchStopsTheRunNamingIt() throws {
        let folder = try Self.temporaryFolder()
        for i in 0..<6 { try FileManager.default.copyItem(atPath: Self.checkout, toPath: folder.appendingPathComponent("s\(i).json").path) }
        try Data(#"{"root": {"type": "button", "children": [}}"#.utf8).write(to: folder.appendingPathComponent("s3.json"))
        let r = try Self.run(["audit", folder.path, "--jobs", "2", "--format", "sarif"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("s3.json"))
        #expect(r.stdout.isEmpty)
    }

    @Test func textMarksNewUnchangedAndFixedFindings() throws {
        let baseline = try Self.temporaryFile(#"{"version": 1, "screens": [{"name": "checkout-with-problems.json", "findings": [{"fingerprint": "f39eed70ddce4769c9a2fd18e735a26c"}, {"fingerprint": "gone", "rule": "image-name", "node": "/root/children/9", "message": "Image has no label."}]}]}"#)
        let r = try Self.run(["audit", Self.checkout, "--format", "text", "--baseline", baseline], in: Self.examples)
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(r.status == 1)
        #expect(text.contains("baseline: 11 new, 1 unchanged, 1 fixed"))
        #expect(text.contains("unchanged  critical  control-name"))
        #expect(text.contains("new  serious  target-size"))
        #expect(text.contains("Fixed since the baseline:\n     fixed  image-name at /root/children/9: Image has no label."))
        // Without a baseline the lines carry no status.
        let plain = String(decoding: try Self.run(["audit", Self.checkout, "--format", "text"]).stdout, as: UTF8.self)
        #expect(!plain.contains("unchanged") && !plain.contains(" new "))
    }

    /// In a batch, a file's own `options.baseline` speaks for that file's screens only.
    @Test func aFilesOwnBaselineAppliesToItsOwnScreens() throws {
        let folder = try Self.temporaryFolder()
        let original = try String(contentsOfFile: Self.checkout, encoding: .utf8)
        let single = try Self.run(["audit", Self.checkout, "--fail-on", "none"])
        let fingerprint = try #require((single.json?["findings"] as? [[String: Any]])?.first?["fingerprint"] as? String)
        // `a.json` knows its first finding (and one that is gone); `b.json` is the same tree without a baseline.
        let known = original.replacingOccurrences(of: #""root""#, with: #""options": {"baseline": {"fingerprints": ["\#(fingerprint)", "gone"]}}, "root""#)
        try known.write(to: folder.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try original.write(to: folder.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let r = try Self.run(["audit", folder.path, "--fail-on", "none"])
        let screens = try #require(r.json?["screens"] as? [[String: Any]], "\(r.stderr)")
        let a = try #require(screens.first { $0["name"] as? String == "a.json" })
        let b = try #require(screens.first { $0["name"] as? String == "b.json" })
        let aStates = (a["findings"] as? [[String: Any]])?.compactMap { $0["baseline"] as? String }
        #expect(aStates?.first == "unchanged")
        #expect(aStates?.dropFirst().allSatisfy { $0 == "new" } == true)
        #expect((b["findings"] as? [[String: Any]])?.allSatisfy { $0["baseline"] == nil } == true)
        let fixed = ((a["summary"] as? [String: Any])?["baseline"] as? [String: Any])?["fixedFindings"] as? [[String: Any]]
        // Listed in a.json's own summary, which names its screen once (not per entry).
        #expect(fixed?.map { $0["fingerprint"] as? String } == ["gone"])
        #expect(fixed?.first?["screen"] == nil)
        let total = try #require((r.json?["summary"] as? [String: Any])?["baseline"] as? [String: Any])
        #expect(total["unchanged"] as? Int == 1)
        #expect(total["fixed"] as? Int == 1)
    }

    /// A batch records its baseline as it goes, but only a whole run replaces the file.
    @Test func aBatchThatFailsLeavesTheBaselineAsItWas() throws {
        let folder = try Self.temporaryFolder()
        let screens = folder.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        for i in 0..<4 { try FileManager.default.copyItem(atPath: Self.checkout, toPath: screens.appendingPathComponent("s\(i).json").path) }
        try Data("{".utf8).write(to: screens.appendingPathComponent("s2.json"))
        let baseline = folder.appendingPathComponent("baseline.json")
        try Data("old".utf8).write(to: baseline)
        let r = try Self.run(["audit", screens.path, "--write-baseline", baseline.path, "--jobs", "2"])
        #expect(r.status == 2)
        #expect(try Data(contentsOf: baseline) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["baseline.json", "screens"])

        try FileManager.default.removeItem(at: screens.appendingPathComponent("s2.json"))
        #expect(try Self.run(["audit", screens.path, "--write-baseline", baseline.path, "--jobs", "2"]).status == 0)
        let written = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
        #expect((written["screens"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["s0.json", "s1.json", "s3.json"])
        #expect(try Self.run(["audit", screens.path, "--baseline", baseline.path]).status == 0)
    }
}
