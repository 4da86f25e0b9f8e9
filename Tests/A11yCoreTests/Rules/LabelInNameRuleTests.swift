import Testing
@testable import A11yCore
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct LabelInNameRuleTests {
    private func findings(_ children: String...) throws -> [Finding] {
        try RuleFixture.findings(.labelInName, children.count == 1 ? InlineTree.screen(children[0]) : InlineTree.screen(children[0], children[1]))
    }

    @Test func labelHoldingTheVisibleTextPasses() throws {
        #expect(try findings(#"{"type": "button", "text": "Buy", "label": "Buy now"}"#).isEmpty)
        // Case and spacing do not matter.
        #expect(try findings(#"{"type": "button", "text": "Add  to Cart", "label": "add to cart"}"#).isEmpty)
        // No visible text, or no label (control-name's finding): nothing to compare.
        #expect(try findings(#"{"type": "button", "label": "Share"}"#).isEmpty)
        #expect(try findings(#"{"type": "button", "text": "Share"}"#).isEmpty)
        // Static text is not a control.
        #expect(try findings(#"{"type": "text", "text": "Buy", "label": "Purchase"}"#).isEmpty)
    }

    @Test func labelWithoutTheVisibleTextFails() throws {
        let f = try findings(#"{"type": "button", "text": "Buy", "label": "Purchase"}"#)
        #expect(f.map(\.rule) == ["label-in-name"])
        #expect(f.first?.wcag == ["2.5.3"])
        #expect(f.first?.impact == .serious)
        #expect(f.first?.message == #"Visible text "Buy" is not in the label "Purchase"."#)
    }

    /// Voice Control accepts the user input labels instead of the label when a control has them.
    @Test func userInputLabelsAreTheNamesAccepted() throws {
        #expect(try findings(#"{"type": "button", "text": "Buy", "label": "Purchase", "userInputLabels": ["Buy", "Purchase"]}"#).isEmpty)
        let f = try findings(#"{"type": "button", "text": "Buy", "label": "Buy now", "userInputLabels": ["Purchase"]}"#)
        #expect(f.first?.message == #"Visible text "Buy" is not in the user input labels "Purchase"."#)
    }

    /// A control composed from its children shows their texts.
    @Test func composedControlShowsItsChildrensTexts() throws {
        let combined = #"{"type": "view", "grouping": "combine", "traits": ["button"], "label": "Checkout", "children": [{"type": "text", "text": "Pay"}]}"#
        #expect(try findings(combined).count == 1)
    }

    @Test func userInputLabelsAreDecoded() throws {
        let document = try Tree.decode(#"{"root": {"type": "button", "userInputLabels": ["Buy", "Purchase"]}}"#)
        #expect(document.nodes[0].userInputLabels == ["Buy", "Purchase"])
        #expect(try Tree.decode(#"{"root": {"type": "button"}}"#).nodes[0].userInputLabels == [])
        #expect(Tree.failure(#"{"root": {"userInputLabels": [1]}}"#)?.pointer == "/root/userInputLabels/0")
    }

    /// Composition joins labels with commas and deferral adds helper text: punctuation and
    /// spacing are not spoken, so the shown words only have to appear in order.
    @Test func punctuationBetweenWordsIsNotSpoken() throws {
        let combined = #"{"type": "view", "grouping": "combine", "traits": ["button"], "children": [{"type": "text", "text": "Dune"}, {"type": "text", "text": "Science fiction"}]}"#
        #expect(try findings(combined).isEmpty)
        #expect(try findings(#"{"type": "button", "text": "Sign-in", "label": "Sign in now"}"#).isEmpty)
        // A text shown as the value (a price, typed text) is not part of the name.
        #expect(try findings(#"{"type": "button", "text": "$4", "label": "Socks", "value": "$4"}"#).isEmpty)
        #expect(try findings(#"{"type": "button", "text": "$4", "label": "Socks", "value": "$5"}"#).count == 1)
        #expect(try findings(#"{"type": "textField", "text": "jane@", "label": "Email", "value": "jane@"}"#).isEmpty)
        #expect(try findings(#"{"type": "button", "text": "Caf\u00e9 \u2014 menu", "label": "CAFE\u0301 MENU"}"#).isEmpty)
    }

    /// Words are matched whole and in order: a word's prefix, or the words shuffled, is not what the user says.
    @Test func wordsMatchWholeAndInOrder() throws {
        #expect(try findings(#"{"type": "button", "text": "Buy", "label": "Buying guide"}"#).count == 1)
        #expect(try findings(#"{"type": "button", "text": "Save draft", "label": "Draft, save"}"#).count == 1)
        #expect(SpokenWords(["  Add\u{A0}to-Cart!  "]).words == ["add", "to", "cart"])
        #expect(SpokenWords(["\u{2014}"]).isEmpty)
        // Plainly composed text is compared by bytes, other text word by word: both say the same.
        #expect(SpokenWords(["Caf\u{E9} \u{201C}menu\u{201D}"]).contains(SpokenWords(["CAFE\u{301} MENU"])))
        #expect(SpokenWords(["CAFE\u{301} MENU"]).contains(SpokenWords(["caf\u{E9}\u{2014}menu"])))
        #expect(SpokenWords(["Add to cart now"]).contains(SpokenWords(["add  TO-cart"])))
        #expect(SpokenWords(["Add to cart now \u{E9}"]).contains(SpokenWords(["add  TO-cart"])))
        #expect(!SpokenWords(["Add to carts"]).contains(SpokenWords(["to cart"])))
        #expect(!SpokenWords(["Add to carts \u{E9}"]).contains(SpokenWords(["to cart"])))
        #expect(SpokenWords(["Sign-in"]) == SpokenWords(["sign in"]))
    }
}
