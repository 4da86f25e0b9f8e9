import Testing
@testable import A11yCore
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct DuplicateRuleTests {
    func frame(_ x: Double, _ y: Double) -> String { #""frame": {"x": \#(x), "y": \#(y), "width": 50, "height": 50}"# }

    @Test func duplicateLabelsAmongControls() throws {
        let fail = InlineTree.screen(#"{"type": "button", "label": "Delete", \#(frame(0, 0))}"#,
                                      #"{"type": "button", "label": "delete ", \#(frame(0, 100))}"#,
                                      #"{"type": "text", "text": "Delete", \#(frame(0, 200))}"#)
        let f = try RuleFixture.findings(.duplicateLabel, fail)
        #expect(try RuleFixture.pointers(.duplicateLabel, fail) == ["/root/children/1"])
        #expect(f.first?.node("duplicateOf") == 1, "/root/children/0")
        let pass = InlineTree.screen(#"{"type": "button", "label": "Delete Inception"}"#, #"{"type": "button", "label": "Delete Tenet"}"#)
        #expect(try RuleFixture.findings(.duplicateLabel, pass).isEmpty)
    }

    @Test func duplicateFramesAmongControls() throws {
        let fail = InlineTree.screen(#"{"type": "button", "label": "A", \#(frame(0, 0))}"#,
                                      #"{"type": "link", "label": "B", \#(frame(0, 0))}"#)
        #expect(try RuleFixture.findings(.duplicateFrame, fail).count == 1)
        let pass = InlineTree.screen(#"{"type": "button", "label": "A", \#(frame(0, 0))}"#,
                                      #"{"type": "button", "label": "B", \#(frame(60, 0))}"#)
        #expect(try RuleFixture.findings(.duplicateFrame, pass).isEmpty)
    }

    @Test func everyRepeatPointsAtTheFirstOccurrence() throws {
        // Two groups of repeats, interleaved in the tree: each repeat names its own group's
        // first control. Reading order puts the y = 0 row (children 0, 2, 4) first.
        let screen = InlineTree.screen(#"{"type": "button", "label": "Save", "identifier": "s", \#(frame(0, 0))}"#,
                                        #"{"type": "button", "label": "Open", "identifier": "o", \#(frame(0, 100))}"#,
                                        #"{"type": "button", "label": "SAVE", "identifier": "s", \#(frame(0, 0))}"#,
                                        #"{"type": "button", "label": "open", "identifier": "o", \#(frame(0, 100))}"#,
                                        #"{"type": "button", "label": " Save", "identifier": "s", \#(frame(0, 0))}"#)
        for rule in [Rule.duplicateLabel, .duplicateFrame, .duplicateIdentifier] {
            let f = try RuleFixture.findings(rule, screen)
            // /root/children/0, /root/children/0, /root/children/1
            #expect(f.map { $0.node("duplicateOf") } == [1, 1, 2], "\(rule.id)")
        }
        let labels = try RuleFixture.findings(.duplicateLabel, screen).map(\.message)
        #expect(labels == ["Label \"SAVE\" is also used by another control.", "Label \" Save\" is also used by another control.",
                           "Label \"open\" is also used by another control."])
        let ids = try RuleFixture.findings(.duplicateIdentifier, screen).map(\.message)
        #expect(ids == ["Identifier \"s\" is also used by another element.", "Identifier \"s\" is also used by another element.",
                        "Identifier \"o\" is also used by another element."])
    }

    @Test func duplicateComposedIdentifiers() throws {
        // NestedA11yIDs package spec: two leaves composing to "login.button".
        let fail = InlineTree.screen("""
            {"type": "stack", "a11yRoot": "login", "grouping": "contain", "children": [
              {"type": "button", "label": "Sign in", "nestedIdentifier": "button", \(frame(0, 0))},
              {"type": "button", "label": "Sign up", "nestedIdentifier": "button", \(frame(0, 100))}]}
            """)
        let f = try RuleFixture.findings(.duplicateIdentifier, fail)
        #expect(f.count == 1)
        #expect(f.first?.string("identifier") == "login.button")
        let pass = InlineTree.screen("""
            {"type": "stack", "a11yRoot": "login", "grouping": "contain", "children": [
              {"type": "button", "label": "Sign in", "nestedIdentifier": "signIn"},
              {"type": "button", "label": "Sign up", "nestedIdentifier": "signUp"}]}
            """)
        #expect(try RuleFixture.findings(.duplicateIdentifier, pass).isEmpty)
    }

    @Test func linkPurpose() throws {
        for generic in ["Click here", "more", "Learn more", "here", "Read more…"] {
            #expect(try RuleFixture.findings(.linkPurpose, InlineTree.screen(#"{"type": "link", "label": "\#(generic)"}"#)).count == 1, "\(generic)")
        }
        #expect(try RuleFixture.findings(.linkPurpose, InlineTree.screen(#"{"type": "link", "label": "Read the return policy"}"#)).isEmpty)
        // A button reading "More" is not a link.
        #expect(try RuleFixture.findings(.linkPurpose, InlineTree.screen(#"{"type": "button", "label": "More"}"#)).isEmpty)
        #expect(try RuleFixture.findings(.linkPurpose, InlineTree.screen(#"{"type": "link", "label": "here"}"#)).first?.wcag == ["2.4.4"])
    }
}
