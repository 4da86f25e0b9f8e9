import Foundation
import Testing
@testable import A11yCore

/// Issue 24, "green by accident": the gate (`fails`), the summary counts and every report
/// format come from all findings, whatever a listing leaves out; and what it leaves out,
/// every format says, with the impacts.
@Suite struct GateTests {
    static let formats: [OutputFormat] = [.json, .text, .report(.sarif), .report(.junit), .report(.html)]

    /// `minor` buttons whose names end with a period (`label-trailing-period`, minor, one
    /// finding each), then one critical finding last in reading order: a button with no name.
    static func minorsThenCritical(_ minor: Int) -> String {
        var items = (0..<minor).map { k in
            #"{"type":"button","label":"Item \#(k).","frame":{"x":0,"y":\#(k * 50),"width":300,"height":44}}"#
        }
        items.append(#"{"id":"last","type":"button","frame":{"x":0,"y":\#(minor * 50),"width":300,"height":44}}"#)
        return #"{"root":{"type":"view","children":["# + items.joined(separator: ",") + "]}}"
    }

    static func run(_ json: String) throws -> AuditRun {
        try Array(json.utf8).withUnsafeBytes { raw in
            Result { () throws(InputError) in try AuditRun.run(json: raw) }
        }.get()
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func aCriticalFindingPastTheListingCapFailsTheGateAndIsCounted() throws {
        let run = try Self.run(Self.minorsThenCritical(RuleRun.defaultMaxFindings + 1))
        let screen = run.screens[0].report.run
        #expect(screen.findings.count == RuleRun.defaultMaxFindings)
        #expect(screen.findingsOmitted >= 2)
        #expect(!screen.findings.contains { $0.impact == .critical }, "the critical one is past the cap")
        #expect(screen.omitted.contains { $0.impact == .critical && $0.outcome == .violation })
        #expect(run.fails(.default))
        #expect(run.fails(.impact(.critical)))

        let summary = try #require(try Self.object(run.render(.json))["summary"] as? [String: Any])
        let byImpact = try #require(summary["byImpact"] as? [String: Int])
        #expect(byImpact["critical"] == 1)
        let total = byImpact.values.reduce(0, +)
        #expect(total == screen.findings.count + screen.findingsOmitted)
        let omitted = try #require(summary["omitted"] as? [String: Any])
        #expect(omitted["findings"] as? Int == screen.findingsOmitted)
        #expect((omitted["byImpact"] as? [String: Int])?["critical"] == 1)
    }
}
