import Foundation
import Testing
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

@Suite struct SarifReportTests {
    static let schema = ExternalCheck.repository.appendingPathComponent("Tests/A11yCoreTests/Fixtures/Reports/sarif-schema-2.1.0.json").path

    static let catalogue: [Rule] = [
        Rule(id: "accessible-name", wcag: ["1.1.1", "4.1.2"], level: .A, impact: .critical,
             description: "Controls and images have an accessible name.", help: "Give it a label.") { _ in [] },
        Rule(id: "link-purpose", wcag: ["2.4.4"], level: .A, impact: .moderate,
             description: "Link text says where the link goes.", help: "Name the destination.") { _ in [] },
        Rule(id: "target-size", wcag: ["2.5.8"], level: .AA, impact: .serious,
             description: "Touch targets are large enough.", help: "Grow the hit area.") { _ in [] },
        Rule(id: "text-contrast", wcag: ["1.4.3"], level: .AA, impact: .serious,
             description: "Text contrasts with its background.", help: "Darken the text.") { _ in [] },
        Rule(id: "label-quality", wcag: [], level: nil, impact: .minor,
             description: "Labels do not repeat roles.", help: "Drop the role word.", enabledByDefault: false) { _ in [] },
    ]

    /// The OASIS schema, and what GitHub code scanning needs (Scripts/reports/check_sarif_github.py).
    private func validate(_ bytes: [UInt8]) throws {
        let output = try ExternalCheck.python("validate_sarif.py", [Self.schema], on: bytes, suffix: "sarif")
        #expect(output.status == 0, "SARIF does not validate:\n\(output.stdout)\(output.stderr)")
        let github = try ExternalCheck.python("check_sarif_github.py", on: bytes, suffix: "sarif")
        #expect(github.status == 0, "SARIF breaks GitHub's rules:\n\(github.stdout)\(github.stderr)")
    }

    /// The checker itself catches each breach it names.
    @Test func githubCheckerFindsBreaches() throws {
        let broken = #"""
        {"$schema":"x","version":"2.1.0","runs":[{"tool":{"driver":{"name":"t"}},"results":[
         {"ruleId":"r","message":{"text":"m"},"partialFingerprints":{"k":"1"},"baselineState":"absent",
          "locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.json#Frame","uriBaseId":"X"}}}]},
         {"ruleId":"r","message":{"text":"m"},"partialFingerprints":{"k":"1"},
          "locations":[{"physicalLocation":{"artifactLocation":{"uri":"https://h/a"},"region":{"startLine":0}}}],
          "suppressions":[{"kind":"maybe"}]},
         {"ruleId":"r","message":{"text":"m"},"partialFingerprints":{"k":"1"},
          "locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.json#Frame","uriBaseId":"X"},"region":{"startLine":2}}}]}]}]}
        """#
        let output = try ExternalCheck.python("check_sarif_github.py", on: Array(broken.utf8), suffix: "sarif")
        #expect(output.status == 1)
        for breach in ["no version or semanticVersion", "absent results", "has a fragment", "not in originalUriBaseIds",
                       "startLine: missing", "neither relative nor a file", "same as result 0", "inSource or external"] {
            #expect(output.stdout.contains(breach), "\(breach) not caught:\n\(output.stdout)")
        }
    }

    private func decode(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    private func results(_ log: [String: Any]) throws -> [[String: Any]] {
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return try #require(run["results"] as? [[String: Any]])
    }

    @Test func validatesAgainstTheSchema() throws {
        var options = ReportFixtures.Options()
        options.source = "screens/login screen.json"
        let screens = [ScreenReport(name: "login.json", report: ReportFixtures.login(options)),
                       ScreenReport(name: "b.json", report: ReportFixtures.login())]
        try validate(SarifReport.render(screens: screens, catalogue: Self.catalogue, pretty: true))
        let baseline = BaselineComparison(screens: screens, baseline: Baseline(fingerprints: ["0123", "4567"]))
        try validate(SarifReport.render(screens: screens, catalogue: Self.catalogue, baseline: baseline, pretty: false))
    }

    @Test func realTreeThroughThePipelineValidates() throws {
        let screen = try PipelineFixtures.loginWithFindings()
        let bytes = SarifReport.render(screens: [screen], catalogue: RuleRegistry.all, toolVersion: "0.1.0", pretty: true)
        try validate(bytes)
        let all = try results(try decode(bytes))
        #expect(all.count == screen.report.run.findings.count + screen.report.run.suppressed.count)
        let location = try #require((all.first?["locations"] as? [[String: Any]])?.first)
        let uri = ((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        // options.source in the request names the artifact.
        #expect(uri == "Fixtures/Reports/login.json")
        let run = try #require((try decode(bytes)["runs"] as? [[String: Any]])?.first)
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.count == RuleRegistry.all.count)
    }

    @Test func everyCriterionTheRulesCiteHasAnUnderstandingPage() {
        let cited = Set(RuleRegistry.all.flatMap(\.wcag))
        #expect(!cited.isEmpty)
        #expect(cited.filter { WCAGCriteria.criterion($0) == nil }.sorted() == [])
    }

    @Test func theValidatorRejectsABrokenLog() throws {
        // Guards the check above: a log missing `version` and with a bad level must fail.
        let broken = Array(#"{"runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"fatal"}]}]}"#.utf8)
        let output = try ExternalCheck.python("validate_sarif.py", [Self.schema], on: broken, suffix: "sarif")
        #expect(output.status == 1)
        #expect(output.stdout.contains("version"))
    }

    @Test func driverCarriesTheCatalogueWithWCAGTaxonomy() throws {
        let log = try decode(SarifReport.render(screens: [ScreenReport(name: "a.json", report: ReportFixtures.login())],
                                                catalogue: Self.catalogue))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Self.catalogue.map(\.id))
        let target = rules[2]
        #expect(target["name"] as? String == "TargetSize")
        #expect(target["helpUri"] as? String == "https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html")
        #expect(((target["fullDescription"] as? [String: Any])?["text"] as? String)?.contains("2.5.8 Target Size (Minimum), level AA") == true)
        #expect((target["properties"] as? [String: Any])?["tags"] as? [String] == ["accessibility", "wcag-2.5.8", "wcag-level-AA"])
        let bestPractice = rules[4]
        #expect(bestPractice["helpUri"] == nil)
        #expect(((bestPractice["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool) == false)

        let taxonomy = try #require((run["taxonomies"] as? [[String: Any]])?.first)
        let taxa = try #require(taxonomy["taxa"] as? [[String: Any]])
        #expect(taxa.map { $0["id"] as? String } == ["1.1.1", "4.1.2", "2.4.4", "2.5.8", "1.4.3", "2.5.3"])
        // 2.5.3 is cited only by the suppressed finding: its taxon must still resolve.
        let relationship = try #require((target["relationships"] as? [[String: Any]])?.first)
        #expect((relationship["target"] as? [String: Any])?["index"] as? Int == 3)
    }

    @Test func oneResultPerFindingWithLocationsAndKinds() throws {
        let report = ReportFixtures.login()
        let log = try decode(SarifReport.render(screens: [ScreenReport(name: "screens/login.json", report: report)],
                                                catalogue: Self.catalogue))
        let all = try results(log)
        // 4 findings + 1 suppressed.
        #expect(all.count == 5)
        #expect(all.map { $0["ruleId"] as? String } == ["target-size", "link-purpose", "accessible-name", "text-contrast", "label-quality"])
        #expect(all.map { $0["kind"] as? String } == ["fail", "fail", "fail", "open", "fail"])
        #expect(all.map { $0["level"] as? String } == ["error", "warning", "error", "none", "note"])
        #expect(all[0]["ruleIndex"] as? Int == 2)

        let location = try #require((all[0]["locations"] as? [[String: Any]])?.first)
        let artifact = (location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "screens/login.json")
        let logical = try #require(location["logicalLocations"] as? [[String: Any]])
        #expect(logical.map { $0["fullyQualifiedName"] as? String } == ["/root/children/1/children/1", "login.submit"])
        #expect((all[0]["properties"] as? [String: Any])?["spoken"] as? String == "Go <now> & \"fast\". Button.")

        let fingerprint = (all[0]["properties"] as? [String: Any])?["fingerprint"] as? String
        #expect(fingerprint == Fingerprint.of(report.run.findings[0], in: report.analysis))
        #expect((all[0]["partialFingerprints"] as? [String: Any])?[ResultFingerprints.scheme] is String)
        let suppressions = try #require(all[4]["suppressions"] as? [[String: Any]])
        #expect(suppressions.first?["justification"] as? String == "Design review pending")
    }

    /// Screens sharing one source (frames of a Figma file, screens of a batch request) share
    /// one artifact; each result names its screen as a logical location, never in the URI.
    @Test func sharedSourcesShareAnArtifactAndNameTheScreenLogically() throws {
        var options = ReportFixtures.Options()
        options.source = "app/Login Screen.json"
        let screens = [ScreenReport(name: "phone", report: ReportFixtures.login(options)),
                       ScreenReport(name: "design.json#Logo", report: ReportFixtures.login(), file: "design.json"),
                       ScreenReport(name: "design.json#Summary", report: ReportFixtures.login(), file: "design.json"),
                       ScreenReport(name: "pad", report: ReportFixtures.login(options))]
        let bytes = SarifReport.render(screens: screens, catalogue: Self.catalogue)
        try validate(bytes)
        let log = try decode(bytes)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect(artifacts.map { ($0["location"] as? [String: Any])?["uri"] as? String } == ["app/Login%20Screen.json", "design.json"])
        for result in try results(log) {
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let uri = ((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            let screen = (result["properties"] as? [String: Any])?["screen"] as? String
            let logical = (location["logicalLocations"] as? [[String: Any]])?.first
            #expect(logical?["kind"] as? String == "module")
            #expect(logical?["fullyQualifiedName"] as? String == screen)
            #expect(logical?["name"] as? String == (screen == "phone" || screen == "pad" ? screen : String(screen!.dropFirst("design.json#".count))))
            #expect(uri == (screen!.hasPrefix("design") ? "design.json" : "app/Login%20Screen.json"))
        }
    }

    /// An absolute path is relative to `ROOT` (`file:///`), so GitHub gets no bare absolute path.
    @Test func absolutePathsGetAURIBase() throws {
        let screens = [ScreenReport(name: "/home/ci/app/screens/login.json", report: ReportFixtures.login())]
        let bytes = SarifReport.render(screens: screens, catalogue: Self.catalogue)
        try validate(bytes)
        let run = try #require((try decode(bytes)["runs"] as? [[String: Any]])?.first)
        #expect(((run["originalUriBaseIds"] as? [String: Any])?["ROOT"] as? [String: Any])?["uri"] as? String == "file:///")
        let location = try #require((try results(try decode(bytes)).first?["locations"] as? [[String: Any]])?.first)
        let artifact = try #require((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "home/ci/app/screens/login.json")
        #expect(artifact["uriBaseId"] as? String == "ROOT")
    }

    @Test func artifactURIsAreRelativeReferencesOrFileURIs() {
        // No scheme but file: can come out, and no authority (host) either.
        #expect(SarifURI.reference("javascript:alert(1)").uri == "javascript%3Aalert(1)")
        #expect(SarifURI.reference("JavaScript:alert(1)").uri == "JavaScript%3Aalert(1)")
        #expect(SarifURI.reference("https://evil.example/x.json").uri == "https%3A//evil.example/x.json")
        #expect(SarifURI.reference("//evil.example/x.json") == SarifArtifact(uri: "evil.example/x.json", base: "ROOT"))
        #expect(SarifURI.reference("///etc/passwd") == SarifArtifact(uri: "etc/passwd", base: "ROOT"))
        #expect(SarifURI.reference("data:text/html,<script>").uri == "data%3Atext/html,%3Cscript%3E")
        // Paths: spaces, '%', '#', '?', backslashes and non-ASCII are percent-encoded (UTF-8).
        #expect(SarifURI.reference("screens/a b%20#1?.json").uri == "screens/a%20b%2520%231%3F.json")
        #expect(SarifURI.reference("C:\\app\\Écran.json").uri == "C%3A%5Capp%5C%C3%89cran.json")
        #expect(SarifURI.reference("../shared/login.json").uri == "../shared/login.json")
        // file: URIs stay URIs: their escapes are kept, what a URI cannot hold is encoded.
        #expect(SarifURI.reference("file:///home/ci/a%20b.json").uri == "file:///home/ci/a%20b.json")
        #expect(SarifURI.reference("FILE:///C:/app/login screen.json").uri == "file:///C:/app/login%20screen.json")
        #expect(SarifURI.reference("file:///x/100%.json#frag").uri == "file:///x/100%25.json%23frag")
    }

    /// Whatever the source, the URI holds only RFC 3986 characters with `%` starting a valid
    /// escape, has no scheme but `file:`, and no authority: checked on hostile samples and on
    /// strings drawn (deterministically) from a small alphabet of troublesome characters.
    @Test func everyArtifactURIIsARelativeReferenceOrAFileURI() {
        let uriCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?#%[]".utf8)
        let alphabet: [String] = ["/", ":", "%", "#", "?", "\\", " ", "a", "file", "FILE:", "//", "%4", "%41", "é", "\u{0}", "\u{1B}", "[", "@", "."]
        var samples = ["javascript:alert(1)", "vbscript:x", "data:,x", "http://h/x", "//h/x", "\\\\h\\x", "file://h/x", "file:javascript:x", ""]
        var state: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<2_000 {
            var sample = ""
            for _ in 0..<Int(state % 7) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                sample += alphabet[Int((state >> 33) % UInt64(alphabet.count))]
            }
            samples.append(sample)
        }
        for source in samples {
            let artifact = SarifURI.reference(source), uri = artifact.uri
            #expect(!uri.hasPrefix("/") || artifact.base == nil)
            let bytes = Array(uri.utf8)
            #expect(bytes.allSatisfy(uriCharacters.contains), "\(source) -> \(uri)")
            for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
                let valid = i + 2 < bytes.count && bytes[(i + 1)...(i + 2)].allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
                #expect(valid, "\(source) -> \(uri)")
            }
            // RFC 3986 §3.1: a scheme is the text before the first ':' if no '/', '?', '#' precedes it.
            let beforeDelimiter = uri.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if beforeDelimiter.contains(":") {
                #expect(uri.hasPrefix("file:"), "\(source) -> \(uri)")
            } else {
                #expect(!uri.hasPrefix("//"), "\(source) -> \(uri)")
            }
        }
    }

    @Test func messageTextEscapesBracketsAndBackslashes() {
        #expect(SarifMessage.text("Target is 24x24.") == "Target is 24x24.")
        #expect(SarifMessage.text("Label \"[docs](javascript:alert(1))\"") == #"Label "\[docs\](javascript:alert(1))""#)
        #expect(SarifMessage.text(#"a\[b]"#) == #"a\\\[b\]"#)
    }

    /// A finding of a rule the catalogue lacks gets a descriptor whose help is the finding's
    /// message: quoted request text there must not become markdown or an embedded link.
    @Test func helpFromAFindingMessageIsEscaped() throws {
        var report = ReportFixtures.login()
        report.run.findings.append(Finding(rule: "uncatalogued", wcag: [], level: nil, impact: .minor,
                                           message: "Label \"[x](javascript:alert(1)) <img src=x> *b*\" is odd.", node: 0))
        let bytes = SarifReport.render(screens: [ScreenReport(name: "a.json", report: report)], catalogue: Self.catalogue)
        try validate(bytes)
        let run = try #require((try decode(bytes)["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let help = try #require(rules.first { $0["id"] as? String == "uncatalogued" }?["help"] as? [String: Any])
        #expect(help["text"] as? String == #"Label "\[x\](javascript:alert(1)) <img src=x> *b*" is odd."#)
        #expect(help["markdown"] as? String == #"Label \"\[x\]\(javascript\:alert\(1\)\) \<img src\=x\> \*b\*\" is odd\."#)
        // Catalogue rules keep their own markdown as written.
        let target = try #require(rules.first { $0["id"] as? String == "target-size" }?["help"] as? [String: Any])
        #expect((target["markdown"] as? String)?.hasPrefix("Grow the hit area.\n\n- [WCAG 2.5.8") == true)
    }

    @Test func fingerprintsSurviveAnUnrelatedTreeEdit() throws {
        func fingerprints(_ report: AuditReport) throws -> [String] {
            let log = try decode(SarifReport.render(screens: [ScreenReport(name: "a.json", report: report)], catalogue: Self.catalogue))
            return try results(log).map { ($0["partialFingerprints"] as? [String: String])?[ResultFingerprints.scheme] ?? "" }
        }
        var edited = ReportFixtures.Options()
        edited.bannerFirst = true
        edited.title = "Welcome back"
        let before = try fingerprints(ReportFixtures.login())
        #expect(Set(before).count == before.count)
        #expect(try fingerprints(ReportFixtures.login(edited)) == before)
    }

    @Test func baselineStatesAndFixedFindings() throws {
        let old = ReportFixtures.login()
        var baseline = Baseline(screens: [ScreenReport(name: "a.json", report: old)])
        baseline.entries.append(Baseline.Entry(screen: "a.json", fingerprint: "feedfeed", rule: "text-contrast",
                                               node: "/root/children/9", message: "Old gradient text."))
        var current = ReportFixtures.login()
        current.run.findings.remove(at: 1)  // link-purpose fixed
        current.run.findings.append(Finding(rule: "target-size", wcag: ["2.5.8"], level: .AA, impact: .serious,
                                            message: "Email is small.", node: current.analysis.document.indexByID["email"]!))
        let screens = [ScreenReport(name: "a.json", report: current)]
        let comparison = BaselineComparison(screens: screens, baseline: baseline)
        let bytes = SarifReport.render(screens: screens, catalogue: Self.catalogue, baseline: comparison)
        try validate(bytes)
        let all = try results(try decode(bytes))
        let states = all.map { "\($0["ruleId"]!):\($0["baselineState"]!)" }
        #expect(states == ["target-size:unchanged", "accessible-name:unchanged", "text-contrast:unchanged",
                           "target-size:new", "label-quality:new"])
        // Fixed findings are not results (GitHub would show them as open alerts): only counted.
        let run = try #require((try decode(bytes)["runs"] as? [[String: Any]])?.first)
        #expect((run["properties"] as? [String: Any])?["fixedSinceBaseline"] as? Int == 2)
    }

    /// Two findings of one rule on one node (a carousel's label and its value) get different
    /// result fingerprints; a new label text or number keeps them.
    @Test func resultFingerprintsTellFindingsOfOneNodeApart() {
        var results = ResultFingerprints()
        func finding(_ message: String) -> Finding {
            Finding(rule: "carousel-announcement", wcag: ["4.1.2"], level: .A, impact: .moderate, message: message, node: 3)
        }
        let label = results.next("f", finding("Carousel label reads \"Photos\"; expected \"Carousel with 3 pages\"."))
        let value = results.next("f", finding("Carousel value reads nothing; expected \"Page 1 of 3\"."))
        #expect(label != value)
        var later = ResultFingerprints()
        #expect(later.next("f", finding("Carousel label reads \"Pics\"; expected \"Carousel with 4 pages\".")) == label)
        // Findings still alike are told apart by their order.
        #expect(later.next("f", finding("Carousel label reads \"A\"; expected \"B\".")) != label)
    }

    /// Every result of a JSON tree has the line and column of its node's `{` in the input.
    @Test func jsonTreeResultsHaveTheNodeRegion() throws {
        let tree = """
        {"root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "children": [
          {"type": "button", "frame": {"x": 10, "y": 10, "width": 20, "height": 20}, "label": "é Pay"},
            {"id": "x", "type": "image", "frame": {"x": 10, "y": 40, "width": 100, "height": 100}}]}}
        """
        let screen = try Tree.screen(tree, name: "tree.json")
        #expect(!screen.report.run.findings.isEmpty)
        let sarif = SarifReport.render(screens: [screen], catalogue: RuleRegistry.all)
        try validate(sarif)
        let lines = tree.split(separator: "\n", omittingEmptySubsequences: false)
        for result in try results(try decode(sarif)) {
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let region = try #require((location["physicalLocation"] as? [String: Any])?["region"] as? [String: Int])
            let pointer = (location["logicalLocations"] as? [[String: Any]])?.first?["fullyQualifiedName"] as? String
            let line = lines[region["startLine"]! - 1]
            let column = region["startColumn"]! - 1
            // The region points at the `{` that starts the node the pointer names.
            #expect(Array(line.utf16)[column] == 0x7B, "\(pointer ?? "")")
            let expected: [String: (Int, Int)] = ["/root": (1, 10), "/root/children/0": (2, 3), "/root/children/1": (3, 5)]
            if let pointer, let (l, c) = expected[pointer] { #expect(region["startLine"] == l && region["startColumn"] == c) }
        }
    }

    @Test func offsetsBecomeLinesAndUTF16Columns() {
        let text = Array("a\r\nb\rc\n\u{1F600}é{".utf8)
        text.withUnsafeBytes { bytes in
            let found = SourceLocations.locations(of: [(0, 0), (3, 1), (5, 2), (text.count - 1, 3)], in: bytes)
            #expect(found[0] == FilePosition(line: 1, column: 1))
            #expect(found[1] == FilePosition(line: 2, column: 1))
            #expect(found[2] == FilePosition(line: 3, column: 1))
            // U+1F600 is two UTF-16 units, é one.
            #expect(found[3] == FilePosition(line: 4, column: 4))
        }
    }
}
