import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// Issue 15: every hostile shape either completes within the documented response bound,
/// with the caps' markers present, or fails with the named limit and a pointer.
@Suite struct AuditBudgetTests {
    /// What a run gave: the run, or the error; and the request's size.
    struct Outcome {
        var run: AuditRun?
        var error: InputError?
        var requestBytes: Int
    }

    /// `suppressions` are given beside the tree (as the CLI's flags give them).
    func audit(_ json: String, budget: AuditBudget? = nil, interrupt: AuditInterrupt = .never,
               suppressions: [Suppression] = []) -> Outcome {
        let bytes = Array(json.utf8)
        var settings = AuditSettings()
        settings.budget = budget
        settings.options.suppressions = suppressions
        switch Tree.audit(bytes, settings, interrupt: interrupt) {
        case .success(let run): return Outcome(run: run, requestBytes: bytes.count)
        case .failure(let error): return Outcome(error: error, requestBytes: bytes.count)
        }
    }

    /// A completed run's responses stay within the documented bound in every output format.
    func expectWithinBound(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let run = outcome.run else { return }
        let bound = AuditBudget.responseFactor * outcome.requestBytes + AuditBudget.responseConstant
        for format in [OutputFormat.json, .text, .report(.sarif), .report(.junit), .report(.html)] {
            let bytes = run.render(format).count
            #expect(bytes <= bound, "\(format) response of \(bytes) bytes for \(outcome.requestBytes) request bytes",
                    sourceLocation: sourceLocation)
        }
    }

    /// A completed run, or the output limit named with a pointer into the request.
    func expectCompletedOrOutputLimit(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        if let error = outcome.error {
            #expect(error.kind == .limit, sourceLocation: sourceLocation)
            #expect(error.message.contains("maxOutputBytes"), sourceLocation: sourceLocation)
            #expect(error.pointer.hasPrefix("/root"), sourceLocation: sourceLocation)
        }
        expectWithinBound(outcome, sourceLocation: sourceLocation)
    }

    @Test func joinOfOneLongTextThousandsOfTimesIsCutWithAMarker() throws {
        let outcome = audit(HostileRequest.joinedFrom(3_200))
        let run = try #require(outcome.run)
        let cell = try #require(run.screens[0].report.analysis.elements.first { $0.nodes.count == 2 })
        let label = try #require(cell.label)
        #expect(label.utf8.count <= AuditBudget.default.maxTextBytes)
        #expect(label.hasSuffix(AuditBudget.truncationMarker))
        #expect(label.utf8.count > 65_000, "the cut keeps what fits")
        expectWithinBound(outcome)
    }

    @Test func longRootAboveManyNestedIdentifiersHitsTheOutputLimit() throws {
        let outcome = audit(HostileRequest.nestedIDFanout(2_000))
        let error = try #require(outcome.error)
        #expect(error.kind == .limit)
        #expect(error.message.contains("maxOutputBytes"))
        #expect(error.pointer.hasPrefix("/root/children/"))
    }

    @Test func composedIdentifierPastTheTextCapIsCut() throws {
        let outcome = audit(HostileRequest.nestedIDFanout(3))
        let run = try #require(outcome.run)
        let identifiers = run.screens[0].report.analysis.identifiers.map(\.identifier)
        #expect(identifiers.count == 4)
        for id in identifiers.dropFirst() {
            #expect(id.utf8.count <= AuditBudget.default.maxTextBytes)
            #expect(id.hasSuffix(AuditBudget.truncationMarker))
        }
        expectWithinBound(outcome)
    }

    @Test func ambiguousSourcesListAtMostTheListCapAndCountTheRest() throws {
        let n = 4_000
        let outcome = audit(HostileRequest.deferralAmbiguous(n))
        let run = try #require(outcome.run)
        let findings = run.screens[0].report.run.findings.filter { $0.rule == "deferral-ambiguous-source" }
        #expect(!findings.isEmpty)
        for finding in findings {
            guard case .nodes(let related)? = finding.data.first(where: { $0.key == "related" })?.value,
                  case .number(let omitted)? = finding.data.first(where: { $0.key == "relatedOmitted" })?.value
            else { Issue.record("related and relatedOmitted expected"); return }
            #expect(related.count <= AuditBudget.default.maxListEntries)
            #expect(related.count + Int(omitted) == n, "every source is listed or counted")
        }
        // Every content entry is a finding: listed, or counted as omitted.
        #expect(findings.count + run.screens[0].report.run.findingsOmitted >= n)
        // The diagnostics hold only what they list: n lists of the n sources would be n² nodes.
        let diagnostics = run.screens[0].report.analysis.diagnostics
        #expect(diagnostics.count >= n)
        let held = diagnostics.reduce(0) { $0 + $1.related.capacity }
        #expect(held <= diagnostics.count * AuditBudget.default.maxListEntries * 2)
        expectWithinBound(outcome)
    }

    @Test func deepChainsOfManyLeavesCompleteOrNameTheOutputLimit() {
        expectCompletedOrOutputLimit(audit(HostileRequest.chain(depth: 500, leaves: 5_000, combine: false)))
        expectCompletedOrOutputLimit(audit(HostileRequest.chain(depth: 500, leaves: 2_000, combine: true)))
        expectCompletedOrOutputLimit(audit(HostileRequest.chain(depth: 100, leaves: 200, combine: true)))
    }

    @Test func oneSourceNamedThousandsOfTimesIsHandedOverOncePerKind() throws {
        let n = 2_000
        let outcome = audit(HostileRequest.deferralSubtree(n))
        let run = try #require(outcome.run)
        let analysis = run.screens[0].report.analysis
        let receiver = try #require(analysis.elements.first { analysis.document.nodes[$0.node].id == "f" })
        #expect(receiver.customContent.count == 2, "one inherited and one error item")
        #expect(receiver.customContent.last?.label == "Error")
        #expect(receiver.nodes.count == n + 2, "receiver, source and each text once")
        expectWithinBound(outcome)
    }

    @Test func nestedDeferralContainersHandOneSourceOverOnce() throws {
        expectCompletedOrOutputLimit(audit(HostileRequest.nestedDeferral(depth: 500, texts: 2_000)))
        // Shallow enough to answer: every container hands the same source to the same receiver.
        let outcome = audit(HostileRequest.nestedDeferral(depth: 40, texts: 300))
        let run = try #require(outcome.run)
        let analysis = run.screens[0].report.analysis
        let receiver = try #require(analysis.elements.first { analysis.document.nodes[$0.node].id == "f" })
        #expect(receiver.customContent.count == 1)
        #expect(receiver.nodes.count == 300 + 2)
        expectWithinBound(outcome)
    }

    @Test func manyDistinctSourcesReachOneReceiver() throws {
        let n = 5_000
        let outcome = audit(HostileRequest.manySources(n))
        let run = try #require(outcome.run)
        let analysis = run.screens[0].report.analysis
        let receiver = try #require(analysis.elements.first { analysis.document.nodes[$0.node].id == "f" })
        #expect(receiver.customContent.count == n)
        #expect(receiver.nodes.count == n + 1)
        expectWithinBound(outcome)
    }

    @Test func strategyNamingManyNodesListsEachOnce() throws {
        let n = 5_000
        let outcome = audit(HostileRequest.mergeMany(n))
        let run = try #require(outcome.run)
        let analysis = run.screens[0].report.analysis
        let cell = try #require(analysis.elements.first { analysis.document.nodes[$0.node].id == "c" })
        #expect(cell.nodes.count == n + 1)
        #expect(cell.label == String(repeating: "t", count: n))
        expectWithinBound(outcome)
    }

    @Test func findingsCapKeepsTheFirstInReadingOrderAndCountsTheRest() throws {
        let json = HostileRequest.unlabeledButtons(60)
        let all = try #require(audit(json).run).screens[0].report.run
        #expect(all.findingsOmitted == 0)
        var budget = AuditBudget(requestBytes: json.utf8.count)
        budget.maxFindings = 7
        let capped = try #require(audit(json, budget: budget).run).screens[0].report.run
        #expect(capped.findings.count == 7)
        #expect(capped.findingsOmitted == all.findings.count - 7)
        #expect(capped.findings.map { "\($0.rule) \($0.node)" } == all.findings.prefix(7).map { "\($0.rule) \($0.node)" })
        #expect(capped.rulesPassed == all.rulesPassed, "verdicts see every finding")
    }

    @Test func suppressedFindingsAreCappedAndCounted() throws {
        let json = HostileRequest.unlabeledButtons(60)
        let all = try #require(audit(json).run).screens[0].report.run
        let rule = try #require(all.findings.first?.rule)
        let matching = all.findings.filter { $0.rule == rule }.count
        var budget = AuditBudget(requestBytes: json.utf8.count)
        budget.maxSuppressed = 5
        var suppression = Suppression(pointer: "/options/suppressions/0")
        suppression.rule = rule
        let run = try #require(audit(json, budget: budget, suppressions: [suppression]).run)
        let report = run.screens[0].report.run
        #expect(report.suppressed.count == 5)
        #expect(report.suppressedOmitted == matching - 5)
        #expect(report.findings.count == all.findings.count - matching)
        let body = String(decoding: run.render(.json), as: UTF8.self)
        #expect(body.contains("\"suppressedOmitted\":\(matching - 5)"))
    }

    @Test func manySuppressionsAttributeEachFindingToTheFirstThatMatches() throws {
        let n = 2_000
        let json = HostileRequest.unlabeledButtons(n)
        let all = try #require(audit(json).run).screens[0].report.run
        let rule = try #require(all.findings.first?.rule)
        // Per button: one by node pointer for the rule, then one by id alone (later: loses),
        // and for the first button an earlier one by rule alone (wins over everything).
        var list: [Suppression] = []
        var first = Suppression(pointer: "/options/suppressions/0")
        first.rule = rule; first.id = "b0"
        list.append(first)
        for k in 0..<n {
            var byNode = Suppression(pointer: "/options/suppressions/\(list.count)")
            byNode.rule = rule; byNode.node = "/root/children/\(k)"
            list.append(byNode)
            var byID = Suppression(pointer: "/options/suppressions/\(list.count)")
            byID.id = "b\(k)"
            list.append(byID)
        }
        let run = try #require(audit(json, suppressions: list).run).screens[0].report
        #expect(run.run.findings.isEmpty, "every finding is on a button with an id suppression")
        let ids = run.analysis.document.nodes.map(\.id)
        for s in run.run.suppressed {
            let k = Int(ids[s.finding.node]!.dropFirst())!
            let expected = s.finding.rule != rule ? "/options/suppressions/\(2 * k + 2)"
                : k == 0 ? "/options/suppressions/0" : "/options/suppressions/\(2 * k + 1)"
            #expect(s.suppression.pointer == expected)
        }
    }

    @Test func outputBudgetStopsListingFindingsAndCountsThem() throws {
        let json = HostileRequest.unlabeledButtons(60)
        let all = try #require(audit(json).run).screens[0].report.run
        var budget = AuditBudget(requestBytes: json.utf8.count)
        // Enough for the elements' texts and pointers, not for every finding's.
        budget.maxOutputBytes = 60 * 40
        let run = try #require(audit(json, budget: budget).run).screens[0].report.run
        #expect(run.findings.count < all.findings.count)
        #expect(run.findings.count + run.findingsOmitted == all.findings.count)
    }

    @Test func eachFindingPaysForTheSpokenTextEveryFormatRepeats() throws {
        // Issue 24: SARIF, JUnit and HTML write the spoken text of a finding's element in each
        // finding on it (SARIF the pointer and identifier twice too). 600 low-contrast texts
        // combined into one element: 600 findings, each repeating the element's 60 KB of
        // speech, wrote 36 MB of SARIF for a 150 KB request unless each finding paid for it.
        let words = String(repeating: "w", count: 100)
        let json = "{\"root\":{\"type\":\"view\",\"grouping\":\"combine\",\(HostileRequest.frame(0)),\"children\":["
            + (0..<600).map { k in
                "{\"type\":\"text\",\"text\":\"\(words) \(k)\",\"style\":{\"foreground\":\"#777777\",\"background\":\"#888888\"},"
                    + "\(HostileRequest.frame(k))}"
            }.joined(separator: ",") + "]}}"
        let outcome = audit(json)
        let run = try #require(outcome.run).screens[0].report.run
        #expect(run.findingsOmitted > 0, "the listing stops once the repeated speech has used the budget")
        #expect(run.findings.count + run.findingsOmitted >= 600, "every low-contrast text is counted")
        expectWithinBound(outcome)
    }

    @Test func screensOfABatchShareOneOutputBudget() throws {
        // Each screen alone fits a budget sized for itself; a batch of them must not get one budget per screen.
        let screen = "{\"name\":\"s\",\"root\":{\"type\":\"view\",\"children\":["
            + (0..<200).map { "{\"type\":\"button\",\"label\":\"Button \($0)\",\(HostileRequest.frame($0))}" }.joined(separator: ",") + "]}}"
        let single = "{\"screens\":[\(screen)]}"
        let batch = "{\"screens\":[" + Array(repeating: screen, count: 40).joined(separator: ",") + "]}"
        var budget = AuditBudget(requestBytes: 0)
        budget.maxOutputBytes = 3 * single.utf8.count
        #expect(audit(single, budget: budget).run != nil)
        let error = try #require(audit(batch, budget: budget).error)
        #expect(error.kind == .limit)
        #expect(error.pointer.hasPrefix("/screens/"), "the pointer names the screen: \(error.pointer)")
    }

    @Test func legitimateFlatTreeIsUntouched() throws {
        let json = "{\"root\":{\"type\":\"view\",\"children\":["
            + (0..<5_000).map { "{\"type\":\"button\",\"label\":\"Button \($0)\",\(HostileRequest.frame($0))}" }.joined(separator: ",") + "]}}"
        let outcome = audit(json)
        let run = try #require(outcome.run)
        #expect(run.screens[0].report.analysis.elements.count == 5_000)
        #expect(run.screens[0].report.run.findingsOmitted == 0)
        expectWithinBound(outcome)
    }

    @Test func unknownFieldsMayHoldNumbersBeyondDoubleRange() throws {
        let outcome = audit("{\"root\":{\"type\":\"text\",\"text\":\"a\",\"extra\":1e309,\"more\":[-1e400,{\"x\":1E+99999}]}}")
        #expect(outcome.error == nil)
        let known = audit("{\"root\":{\"type\":\"text\",\"text\":\"a\",\"opacity\":1e309}}")
        #expect(known.error?.pointer == "/root/opacity")
    }
}
