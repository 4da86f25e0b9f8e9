import Foundation
import Testing
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// Issue 24: a long screen or source name (`options.source` up to the body's size, a Figma
/// frame's name) is written whole once, never once per finding, so that no report format
/// multiplies it by the number of findings.
@Suite struct LongNameBoundTests {
    /// `count` unnamed buttons (each a finding) on a screen whose `options.source` is `source`.
    private func screen(buttons count: Int, source: String, name: String? = nil, file: String? = nil) throws -> (ScreenReport, Int) {
        let button = #"{"type":"button","frame":{"x":0,"y":0,"width":44,"height":44}}"#
        let json = #"{"platform":"ios","options":{"source":""# + source + #""},"root":{"type":"view","frame":{"x":0,"y":0,"width":390,"height":844},"children":["#
            + Array(repeating: button, count: count).joined(separator: ",") + "]}}"
        let bytes = Array(json.utf8)
        var report = try Tree.report(bytes)
        report.run = try RuleRunner.run(report.analysis, options: report.analysis.document.options)
        #expect(report.run.findings.count >= count, "every button should be a finding")
        // The request's size counts the screen's name too (a batch entry's or a frame's name).
        return (ScreenReport(name: name ?? source, report: report, file: file), bytes.count + (name?.utf8.count ?? 0))
    }

    private static let longName = String(repeating: "x", count: 60_000)

    /// Doubling the findings under a 60 KB name at most doubles the answer, in every format,
    /// and the answer stays within a small multiple of the request.
    @Test(arguments: ReportFormat.allCases)
    func answerGrowsWithTheFindingsNotWithTheNameTimesTheFindings(format: ReportFormat) throws {
        var sizes: [Int] = []
        for count in [200, 400] {
            let (screen, request) = try screen(buttons: count, source: Self.longName)
            let answer = format.render(screens: [screen], catalogue: RuleRegistry.all).count
            #expect(answer < 20 * request, "\(format): \(answer) bytes from \(request)")
            sizes.append(answer)
        }
        // Twice the findings, at most twice the answer (x2.2: the run's fixed part is small).
        #expect(Double(sizes[1]) <= 2.2 * Double(sizes[0]), "\(format): \(sizes)")
    }

    /// A Figma-like frame name (the screen's name differs from its source) is bounded too.
    @Test(arguments: ReportFormat.allCases)
    func longFrameNamesAreBounded(format: ReportFormat) throws {
        let (screen, request) = try screen(buttons: 400, source: "design.json", name: Self.longName)
        let answer = format.render(screens: [screen], catalogue: RuleRegistry.all).count
        #expect(answer < 20 * request, "\(format): \(answer) bytes from \(request)")
    }

    /// The bounded form keeps a readable beginning and tells long names apart.
    @Test func boundedNamesStayUniqueAndShort() {
        let a = BoundedName.of(Self.longName), b = BoundedName.of(Self.longName + "y")
        #expect(a != b)
        #expect(a.utf8.count <= BoundedName.limit && a.hasPrefix("xxxx"))
        #expect(BoundedName.of("screens/login.json") == "screens/login.json")
        // Cut at a character boundary.
        let wide = BoundedName.of(String(repeating: "é", count: 1_000))
        #expect(wide.utf8.count <= BoundedName.limit && wide.hasPrefix("éé"))
    }

    /// SARIF keeps the whole source once (the artifact) and the whole frame name once (the
    /// run's logical locations); results refer to them and still pass the schema and GitHub's rules.
    @Test func sarifWritesLongNamesOnceAndValidates() throws {
        let (first, _) = try screen(buttons: 50, source: Self.longName)
        let (second, _) = try screen(buttons: 50, source: "design.json", name: "design.json#" + Self.longName, file: "design.json")
        let bytes = SarifReport.render(screens: [first, second], catalogue: RuleRegistry.all)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: Self.longName).count - 1 <= 3, "the long name is repeated")
        let schema = ExternalCheck.repository.appendingPathComponent("Tests/A11yCoreTests/Fixtures/Reports/sarif-schema-2.1.0.json").path
        let output = try ExternalCheck.python("validate_sarif.py", [schema], on: bytes, suffix: "sarif")
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let github = try ExternalCheck.python("check_sarif_github.py", on: bytes, suffix: "sarif")
        #expect(github.status == 0, "\(github.stdout)\(github.stderr)")
        let log = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect(artifacts.contains { ($0["properties"] as? [String: Any])?["source"] as? String == Self.longName })
        let logical = try #require(run["logicalLocations"] as? [[String: Any]])
        #expect((logical.first?["name"] as? String) == Self.longName ? true : false, "the frame's whole name is in the run's logical locations")
        let results = try #require(run["results"] as? [[String: Any]])
        for result in results {
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let artifact = try #require((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
            let index = try #require(artifact["index"] as? Int)
            #expect((artifacts[index]["location"] as? [String: Any])?["uri"] as? String == artifact["uri"] as? String)
            #expect((artifact["uri"] as? String ?? "").utf8.count <= BoundedName.limit)
        }
    }

    /// A batch written screen by screen (the server's and the CLI's streamed answers) places
    /// long names the same way as the whole document: same bytes.
    @Test(arguments: [OutputFormat.report(.sarif), .report(.junit), .report(.github)])
    func streamedBatchesBoundLongNamesLikeTheWholeDocument(format: OutputFormat) throws {
        let screens = [try screen(buttons: 20, source: Self.longName).0,
                       try screen(buttons: 20, source: "design.json", name: "design.json#" + Self.longName, file: "design.json").0,
                       try screen(buttons: 20, source: "design.json", name: "design.json#" + Self.longName + "2", file: "design.json").0]
        let whole = AuditRun(screens: screens, isBatch: true, baseline: nil).render(format, pretty: false)
        let streamed = BatchWriterTests.streamed(screens, format, pretty: false, baseline: nil)
        #expect(streamed == whole)
        // Each long name a few times per screen (SARIF: a frame's name and its full name once
        // each), never once per finding.
        #expect(whole.count < 3 * 3 * 60_000 + 200_000)
    }
}
