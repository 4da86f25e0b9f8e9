import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct RuleRunnerTests {
    let twoProblems = InlineTree.screen(
        #"{"id": "tiny", "type": "button", "label": "Tap to buy", "identifier": "buy", "frame": {"x": 0, "y": 400, "width": 20, "height": 20}}"#,
        #"{"id": "logo", "type": "image", "frame": {"x": 0, "y": 100, "width": 60, "height": 60}}"#)

    @Test func levelSelectsDefaults() throws {
        let a = try RuleFixture.run(twoProblems) { $0.level = .A }
        #expect(!a.rulesRun.contains("target-size"))
        #expect(a.rulesRun.contains("control-name"))
        #expect(a.rulesRun.contains("label-role-words"))
        let aa = try RuleFixture.run(twoProblems)
        #expect(aa.rulesRun.contains("target-size"))
        #expect(!aa.rulesRun.contains("target-size-enhanced"))
        #expect(!aa.rulesRun.contains("text-contrast-enhanced"))
        let aaa = try RuleFixture.run(twoProblems) { $0.level = .AAA }
        // Every rule at AAA, except those off until enabled.
        #expect(aaa.rulesRun.count == RuleRegistry.all.filter(\.enabledByDefault).count)
        #expect(!aaa.rulesRun.contains("label-in-name"))
        let enabled = try RuleFixture.run(twoProblems) { $0.enable = [Located("label-in-name", at: "/e/0")] }
        #expect(enabled.rulesRun.contains("label-in-name"))
    }

    @Test func enableDisableOnly() throws {
        let run = try RuleFixture.run(twoProblems) {
            $0.enable = [Located("target-size-enhanced", at: "/e/0")]
            $0.disable = [Located("target-size", at: "/d/0")]
        }
        #expect(run.rulesRun.contains("target-size-enhanced"))
        #expect(!run.rulesRun.contains("target-size"))
        let only = try RuleFixture.run(twoProblems) { $0.only = [Located("image-name", at: "/o/0"), Located("target-size", at: "/o/1")] }
        #expect(only.rulesRun == ["image-name", "target-size"])
    }

    @Test func unknownRuleIdPointsAtTheOption() throws {
        let json = InlineTree.screen(#"{"type": "button", "label": "OK"}"#, options: #"{"rules": {"disable": ["target-size", "no-such-rule"]}}"#)
        #expect(throws: InputError(.unknownRule, "Unknown rule id \"no-such-rule\"; `a11y-audit rules` lists them.",
                                   at: "/options/rules/disable/1")) {
            try RuleFixture.run(json)
        }
        let suppress = InlineTree.screen(#"{"type": "button", "label": "OK"}"#, options: #"{"suppress": [{"rule": "nope"}]}"#)
        #expect { try RuleFixture.run(suppress) } throws: { ($0 as? InputError)?.pointer == "/options/suppress/0/rule" }
    }

    @Test func findingsFollowReadingOrderThenRuleID() throws {
        let run = try RuleFixture.run(twoProblems)
        // The logo (y 100) is read before the button (y 400) although it comes second in the tree.
        #expect(run.findings.map(\.rule) == ["image-name", "label-role-words", "target-size"])
        #expect(run.findings.map(\.node) == [2, 1, 1])
    }

    @Test func nodesOutsideElementsComeLastInDocumentOrder() throws {
        let json = InlineTree.screen(
            #"{"type": "canvas", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}"#,
            #"{"type": "image", "frame": {"x": 0, "y": 500, "width": 60, "height": 60}}"#)
        let run = try RuleFixture.run(json)
        #expect(run.findings.map(\.rule) == ["image-name", "canvas-alternative"])
    }

    /// `order` against a plain stable sort by (place, rule id): slots that share an id keep
    /// the order given, as do several findings of one rule on one element.
    @Test func orderIsAStableSortByPlaceThenRuleID() throws {
        let analysis = try Tree.analyze(twoProblems)
        func finding(_ rule: String, _ node: Int) -> Finding {
            Finding(rule: rule, wcag: [], level: nil, impact: .minor, message: "\(rule)@\(node)", node: node, frame: nil)
        }
        let ids = ["b", "a", "b", "c", "a"]
        let nodes = analysis.document.nodes.indices
        let findings: [[Finding]] = ids.enumerated().map { slot, id in
            nodes.reversed().flatMap { node in (0..<((slot + node) % 3)).map { _ in finding(id, node) } }
        }
        let flat = findings.enumerated().flatMap { slot, list in list.indices.map { (slot: slot, index: $0) } }
        func place(_ ref: (slot: Int, index: Int)) -> Int {
            let node = findings[ref.slot][ref.index].node
            return analysis.element(ofNode: node) ?? (analysis.elements.count + node)
        }
        var expected = flat
        // Insertion sort: stable by construction.
        for i in expected.indices {
            var j = i
            while j > 0, (place(expected[j]), ids[expected[j].slot]) < (place(expected[j - 1]), ids[expected[j - 1].slot]) {
                expected.swapAt(j, j - 1); j -= 1
            }
        }
        let ranks = ids.map { id in Set(ids).sorted().firstIndex(of: id)! }
        let positions = RuleRunner.readingPositions(findings, ranks: ranks, in: analysis)
        var ordered = flat
        for (f, ref) in flat.enumerated() { ordered[positions[f]] = ref }
        #expect(Set(positions) == Set(flat.indices))
        #expect(ordered.map(\.slot) == expected.map(\.slot))
        #expect(ordered.map(\.index) == expected.map(\.index))
        #expect(Set(ordered.map { place($0) }).count > 2 && ordered.count > 10)
    }

    @Test func suppressionsMatchEveryGivenField() throws {
        func run(_ suppress: String) throws -> RuleRun {
            try RuleFixture.run(InlineTree.screen(
                #"{"id": "tiny", "type": "button", "label": "Tap to buy", "identifier": "buy", "frame": {"x": 0, "y": 400, "width": 20, "height": 20}}"#,
                #"{"id": "logo", "type": "image", "frame": {"x": 0, "y": 100, "width": 60, "height": 60}}"#,
                options: #"{"suppress": [\#(suppress)]}"#))
        }
        let byRuleAndID = try run(#"{"rule": "target-size", "id": "tiny", "reason": "fixed in v2"}"#)
        #expect(byRuleAndID.findings.map(\.rule) == ["image-name", "label-role-words"])
        #expect(byRuleAndID.suppressed.map(\.finding.rule) == ["target-size"])
        #expect(byRuleAndID.suppressed.first?.suppression.reason == "fixed in v2")
        // The rule passes once its only finding is accepted.
        #expect(byRuleAndID.rulesPassed.contains("target-size"))
        #expect(try run(#"{"rule": "target-size", "id": "logo"}"#).suppressed.isEmpty)
        #expect(try run(#"{"identifier": "buy"}"#).suppressed.count == 2)
        #expect(try run(#"{"node": "/root/children/1"}"#).suppressed.map(\.finding.rule) == ["image-name"])
        #expect(try run(#"{"node": "/root/children/1", "rule": "target-size"}"#).suppressed.isEmpty)
    }

    @Test func passedAndIncompleteLists() throws {
        let run = try RuleFixture.run(twoProblems) { $0.only = ["image-name", "text-contrast", "link-purpose"].map { Located($0, at: "/o") } }
        // No node draws text and there is no link: neither rule had anything to look at, so neither passed.
        #expect(run.rulesPassed.isEmpty)
        #expect(run.rulesIncomplete.isEmpty)
        #expect(run.inapplicable == [InapplicableRule(rule: "text-contrast", reason: "no visible text"),
                                     InapplicableRule(rule: "link-purpose", reason: "no links")])
    }

    @Test func failOnThresholds() throws {
        let run = try RuleFixture.run(twoProblems)
        // image-name is critical, target-size serious, label-role-words minor.
        #expect(run.fails(.default))
        #expect(run.fails(.impact(.critical)))
        #expect(!run.fails(.none))
        let minorOnly = try RuleFixture.run(InlineTree.screen(#"{"type": "button", "label": "Play button", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#))
        #expect(minorOnly.findings.map(\.impact) == [.minor])
        #expect(!minorOnly.fails(.default))
        #expect(minorOnly.fails(.impact(.minor)))
        #expect(FailThreshold("moderate") == .impact(.moderate))
        #expect(FailThreshold("none") == FailThreshold.none)
        #expect(FailThreshold("high") == nil)
    }
}
