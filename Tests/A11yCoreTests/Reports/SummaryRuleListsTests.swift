import Foundation
import Testing
@testable import A11yCore
import A11yJSON
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// The summary's `rules` object: written from registry positions for the runner's lists and
/// as strings for lists set by hand; both must say the same.
@Suite struct SummaryRuleListsTests {
    let problems = InlineTree.screen(
        #"{"id": "tiny", "type": "button", "label": "Tap to buy", "frame": {"x": 0, "y": 400, "width": 20, "height": 20}}"#,
        #"{"id": "logo", "type": "image", "frame": {"x": 0, "y": 100, "width": 60, "height": 60}}"#,
        ##"{"type": "view", "style": {"backgroundKind": "gradient"}, "children": [{"type": "text", "text": "Sale", "style": {"foreground": "#FFFFFF"}}]}"##)

    /// Runs for screens with different selections: levels, and `only` lists in other orders.
    func runs() throws -> [RuleRun] {
        func ids(_ list: [String]) -> [Located<String>] { list.map { Located($0, at: "/o") } }
        return try [
            RuleFixture.run(problems) { $0.only = ids(["target-size", "control-name", "text-contrast"]) },
            RuleFixture.run(problems) { $0.level = .AAA },
            RuleFixture.run(problems) { $0.only = ids(["image-name", "duplicate-label"]) },
            RuleFixture.run(problems) { $0.level = .A; $0.disable = ids(["image-name"]) },
        ]
    }

    /// The lists, `inapplicable` as "rule: reason" strings.
    func written(_ runs: [RuleRun]) -> [String: [String]] {
        var w = JSONWriter()
        ResponseEncoder.writeRuleLists(runs, into: &w)
        guard let object = try? JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String: Any] else { return [:] }
        var lists: [String: [String]] = [:]
        for (key, value) in object {
            if let ids = value as? [String] { lists[key] = ids }
            if let entries = value as? [[String: String]] { lists[key] = entries.map { "\($0["rule"] ?? "?"): \($0["reason"] ?? "?")" } }
        }
        return lists
    }

    /// The same lists as strings, so the summary takes its by-id path.
    func byHand(_ run: RuleRun) -> RuleRun {
        var copy = RuleRun()
        copy.rulesRun = run.rulesRun
        copy.rulesPassed = run.rulesPassed
        copy.rulesIncomplete = run.rulesIncomplete
        copy.inapplicable = run.inapplicable
        return copy
    }

    @Test func positionsAndStringsAgreeForEveryMixOfScreens() throws {
        let all = try runs()
        #expect(all.contains { !$0.rulesIncomplete.isEmpty } && all.contains { $0.rulesPassed.count < $0.rulesRun.count })
        for count in 1...all.count {
            for start in 0...(all.count - count) {
                let screens = Array(all[start..<(start + count)])
                let fromPositions = written(screens), fromStrings = written(screens.map(byHand))
                #expect(!fromPositions.isEmpty && fromPositions == fromStrings)
                // Independently: first-seen union, passed where it ran everywhere, compact bytes.
                var ran: [String] = []
                for id in screens.flatMap(\.rulesRun) where !ran.contains(id) { ran.append(id) }
                #expect(fromPositions["run"] == ran)
                // Passed: passed on some screen, and on every screen where it ran passed or
                // had nothing to look at.
                func inapplicable(_ id: String, on run: RuleRun) -> Bool { run.inapplicable.contains { $0.rule == id } }
                #expect(fromPositions["passed"] == ran.filter { id in
                    screens.contains { $0.rulesPassed.contains(id) }
                        && screens.allSatisfy { $0.rulesPassed.contains(id) || !$0.rulesRun.contains(id) || inapplicable(id, on: $0) }
                })
                // Inapplicable: on every screen where it ran, with the first screen's reason.
                var expected: [String] = []
                for run in screens {
                    for entry in run.inapplicable where !expected.contains(where: { $0.hasPrefix(entry.rule + ":") })
                        && screens.allSatisfy({ !$0.rulesRun.contains(entry.rule) || inapplicable(entry.rule, on: $0) }) {
                        expected.append("\(entry.rule): \(entry.reason)")
                    }
                }
                #expect(fromPositions["inapplicable"] == expected)
            }
        }
    }

    @Test func prettyListsMatchCompactOnes() throws {
        let all = try runs()
        var compact = JSONWriter(), pretty = JSONWriter(pretty: true)
        ResponseEncoder.writeRuleLists(all, into: &compact)
        ResponseEncoder.writeRuleLists(all, into: &pretty)
        let a = try JSONSerialization.jsonObject(with: Data(compact.bytes)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(pretty.bytes)) as? NSDictionary
        #expect(a != nil && a == b && pretty.bytes.contains(UInt8(ascii: "\n")))
    }

    @Test func jsonArrayCopiesEscapedIdsInTheOrderGiven() {
        let table = RuleIDTable(["a", "quote\"d", "b\\c", "d", "e"])
        var w = JSONWriter()
        w.strings(["d", "a", "quote\"d", "b\\c", "e"])
        #expect(table.jsonArray([3, 0, 1, 2, 4]) == w.bytes)
        #expect(table.jsonArray(RuleSet([4, 0, 1, 3])) == Array(#"["a","quote\"d","d","e"]"#.utf8))
        #expect(table.jsonArray([]) == Array("[]".utf8))
    }

    @Test func ruleSetsReachPastOneWord() {
        let positions = [0, 5, 62, 63, 64, 65, 130, 191, 192]
        let set = RuleSet(positions)
        #expect(Array(set) == positions && set.count == positions.count)
        #expect(Array(set.runs) == [0..<1, 5..<6, 62..<64, 64..<66, 130..<131, 191..<192, 192..<193])
        #expect(!set.contains(1) && !set.contains(129) && !set.contains(500))
        var rest = set
        rest.subtract(RuleSet([0, 64, 192]))
        #expect(Array(rest) == [5, 62, 63, 65, 130, 191])
        rest.formUnion(RuleSet([1, 300]))
        #expect(Array(rest) == [1, 5, 62, 63, 65, 130, 191, 300])
        #expect(Array(RuleSet(first: 64).runs) == [0..<64] && RuleSet().isEmpty)
    }

    @Test func aRegistryOfMoreThan64RulesSelectsAndListsEveryOne() throws {
        let analysis = try Tree.analyze(problems)
        let registry = (0..<70).map { i in
            Rule(id: "rule-\(i)", wcag: [], level: i % 2 == 0 ? nil : .AAA, impact: .minor, description: "", help: "",
                 check: { ctx in i == 67 ? [ctx.finding(node: 0, message: "x")] : [] })
        }
        let run = try RuleRunner.run(analysis, options: AuditOptions(), rules: registry)
        let expected = registry.indices.filter { $0 % 2 == 0 }.map { "rule-\($0)" }
        #expect(run.rulesRun == expected && run.rulesPassed == expected)
        var options = AuditOptions()
        options.enable = [Located("rule-67", at: "/e")]
        let enabled = try RuleRunner.run(analysis, options: options, rules: registry)
        #expect(enabled.rulesRun.last == "rule-68" && enabled.rulesRun.contains("rule-67"))
        #expect(!enabled.rulesPassed.contains("rule-67") && enabled.findings.map { $0.rule } == ["rule-67"])
    }
}

/// Whole arrays from the writer the response uses, for comparing bytes.
private extension RuleIDTable {
    func jsonArray(_ positions: [Int]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: maxJSONArrayLength(positions)) { $1 = writeJSONArray(positions, to: $0.baseAddress!) }
    }

    func jsonArray(_ set: RuleSet) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: maxJSONArrayLength) { $1 = writeJSONArray(set, to: $0.baseAddress!) }
    }
}
