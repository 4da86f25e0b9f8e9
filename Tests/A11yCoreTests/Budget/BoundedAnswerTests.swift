import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
import A11yCoreTestSupport

/// Issue 24, "unbounded answers": what a request asks to compare or repeat is written once,
/// so an answer grows in proportion to its request (doubling a request at most doubles the
/// answer; 2.6x allows for fixed parts and noise).
@Suite struct BoundedAnswerTests {
    static func answer(_ json: String, _ format: OutputFormat = .json) throws -> [UInt8] {
        try Tree.audit(json).get().render(format)
    }

    static func fingerprints(_ n: Int) -> String {
        (0..<n).map { #""\#(String(repeating: "0", count: 24))\#(String(format: "%08x", $0))""# }.joined(separator: ",")
    }

    /// A single tree with a long `options.source` and `n` fingerprints that match nothing.
    static func longSourceBaseline(_ n: Int) -> String {
        #"{"options":{"source":"\#(String(repeating: "s", count: 60_000))","baseline":{"fingerprints":[\#(fingerprints(n))]}},"#
            + #""root":{"type":"button","label":"OK","frame":{"x":0,"y":0,"width":100,"height":44}}}"#
    }

    @Test func fixedFingerprintsDoNotRepeatTheSourceName() throws {
        for n in [1_000, 2_000] {
            let request = Self.longSourceBaseline(n)
            let body = try Self.answer(request)
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])["summary"] as? [String: Any]
            let baseline = try #require(summary?["baseline"] as? [String: Any])
            #expect(baseline["fixed"] as? Int == n)
            #expect((baseline["fixedFindings"] as? [[String: Any]])?.allSatisfy { $0["screen"] == nil } == true)
            #expect(body.count <= 3 * request.utf8.count, "\(body.count) bytes for \(request.utf8.count)")
        }
        let small = try Self.answer(Self.longSourceBaseline(1_000)).count, large = try Self.answer(Self.longSourceBaseline(2_000)).count
        #expect(Double(large) <= 2.6 * Double(small))
    }

    /// `screens` empty screens sharing the request's `options.baseline` of `n` fingerprints.
    static func batchSharingABaseline(screens: Int, fingerprints n: Int) -> String {
        let list = (0..<screens).map { #"{"name":"s\#($0)","root":{"type":"view"}}"# }.joined(separator: ",")
        return #"{"options":{"baseline":{"fingerprints":[\#(fingerprints(n))]}},"screens":[\#(list)]}"#
    }

    @Test func aBatchCountsTheRequestsBaselineOnce() throws {
        let request = Self.batchSharingABaseline(screens: 200, fingerprints: 400)
        let body = try Self.answer(request)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let baseline = try #require((object["summary"] as? [String: Any])?["baseline"] as? [String: Any])
        #expect(baseline["fixed"] as? Int == 400, "each fingerprint is one entry, not one per screen")
        #expect(body.count <= 8 * request.utf8.count, "\(body.count) bytes for \(request.utf8.count)")
        let twice = try Self.answer(Self.batchSharingABaseline(screens: 400, fingerprints: 800))
        #expect(Double(twice.count) <= 2.6 * Double(body.count))
    }

    /// `n` unnamed buttons and one suppression of their rule with a 60,000-byte reason: every
    /// suppressed finding writes the suppression again, so each pays for it from the output
    /// budget (32 × request + 4 MiB); the rest are counted in `suppressedOmitted`.
    static func longSuppressionReason(_ n: Int) -> String {
        let buttons = (0..<n).map { #"{"type":"button","frame":{"x":0,"y":\#($0 * 50),"width":100,"height":48}}"# }
        return #"{"options":{"suppress":[{"rule":"control-name","reason":"\#(String(repeating: "r", count: 60_000))"}]},"#
            + #""root":{"type":"view","frame":{"x":0,"y":0,"width":400,"height":\#(n * 50)},"children":[\#(buttons.joined(separator: ","))]}}"#
    }

    @Test func aLongSuppressionReasonCannotMultiplyTheAnswer() throws {
        let request = Self.longSuppressionReason(500)
        let limit = 32 * request.utf8.count + 4 << 20
        for format in [OutputFormat.json, .report(.junit), .report(.html)] {
            let body = try Self.answer(request, format)
            // Before: 30 MB (305 × the request) in every format; JUnit and HTML add their markup
            // to the budgeted texts.
            #expect(body.count <= limit * 3 / 2, "\(format): \(body.count) bytes for \(request.utf8.count)")
        }
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(try Self.answer(request))) as? [String: Any])["summary"] as? [String: Any]
        let suppressed = try #require(summary?["suppressed"] as? [String: Any])
        // Every suppressed finding is still counted: listed (`count`) or not (`suppressedOmitted`).
        let listed = try #require(suppressed["count"] as? Int)
        #expect((suppressed["findings"] as? [Any])?.count == listed)
        #expect(listed > 0 && listed < 500)
        #expect(summary?["suppressedOmitted"] as? Int == 500 - listed)
    }
}
