import Testing
@testable import A11yCore
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// Rules fed by engine diagnostics: deferral, nested identifiers, labeled pairs.
@Suite struct DiagnosticRuleTests {
    func field(receivers: Int, errorID: String = "field-error", sourceIDs: [String] = ["field-error"]) -> String {
        let fields = (0..<receivers).map { i in
            #"{"type": "textField", "label": "Email \#(i)", "deferralReceiver": true, "frame": {"x": 0, "y": \#(100 + i * 50), "width": 300, "height": 44}}"#
        }
        let sources = sourceIDs.enumerated().map { i, id in
            #"{"type": "text", "text": "Invalid input", "deferredSource": "\#(id)", "frame": {"x": 0, "y": \#(300 + i * 30), "width": 300, "height": 20}}"#
        }
        return InlineTree.screen("""
            {"type": "stack", "deferral": {"content": [{"kind": "error", "identifier": "\(errorID)"}]},
             "children": [\((fields + sources).joined(separator: ", "))]}
            """)
    }

    @Test func oneReceiverOneSourcePassesEveryDeferralRule() throws {
        let json = field(receivers: 1)
        for rule in [Rule.deferralSeveralReceivers, .deferralMissingSource, .deferralAmbiguousSource, .deferralErrorUnreceived] {
            #expect(try RuleFixture.findings(rule, json).isEmpty, "\(rule.id)")
        }
    }

    @Test func severalReceivers() throws {
        let f = try RuleFixture.findings(.deferralSeveralReceivers, field(receivers: 2))
        #expect(f.count == 1)
        #expect(f.first?.nodes("related")?.count == 2)
        #expect(try RuleFixture.pointers(.deferralSeveralReceivers, field(receivers: 2)) == ["/root/children/0"])
    }

    @Test func contentWithoutOrWithTwoSources() throws {
        #expect(try RuleFixture.findings(.deferralMissingSource, field(receivers: 1, sourceIDs: [])).count == 1)
        #expect(try RuleFixture.findings(.deferralAmbiguousSource, field(receivers: 1, sourceIDs: ["field-error", "field-error"])).count == 1)
    }

    @Test func errorWithoutReceiver() throws {
        let f = try RuleFixture.findings(.deferralErrorUnreceived, field(receivers: 0))
        #expect(f.map(\.wcag) == [["3.3.1"]])
        #expect(try RuleFixture.pointers(.deferralErrorUnreceived, field(receivers: 0)) == ["/root/children/0/children/0"])
    }

    @Test func nestedIdentifierContainer() throws {
        let fail = InlineTree.screen("""
            {"type": "stack", "a11yRoot": "login", "grouping": "combine", "children": [
              {"type": "button", "label": "Sign in", "nestedIdentifier": "button"}]}
            """)
        #expect(try RuleFixture.findings(.nestedIdentifierContainer, fail).count == 1)
        let pass = InlineTree.screen("""
            {"type": "stack", "a11yRoot": "login", "children": [
              {"type": "button", "label": "Sign in", "nestedIdentifier": "button"}]}
            """)
        #expect(try RuleFixture.findings(.nestedIdentifierContainer, pass).isEmpty)
    }

    @Test func labeledPairCounterpart() throws {
        let pass = InlineTree.screen("""
            {"type": "text", "text": "Volume", "labeledPair": {"role": "label", "id": "volume", "namespace": "s"}},
            {"type": "slider", "value": "50%", "labeledPair": {"role": "content", "id": "volume", "namespace": "s"}}
            """)
        #expect(try RuleFixture.findings(.labeledPairIncomplete, pass).isEmpty)
        let fail = InlineTree.screen(#"{"type": "slider", "value": "50%", "labeledPair": {"role": "content", "id": "volume", "namespace": "s"}}"#)
        let f = try RuleFixture.findings(.labeledPairIncomplete, fail)
        #expect(f.map(\.wcag) == [["1.3.1"]])
    }
}
