import Testing
@testable import A11yCore

@Suite struct LabelInNameRuleTests {
    private func findings(_ children: String...) throws -> [Finding] {
        try RuleFixture.findings(.labelInName, children.count == 1 ? RuleFixture.screen(children[0]) : RuleFixture.screen(children[0], children[1]))
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

    /// The byte search on plainly composed text answers as the Character search on the spoken
    /// forms does, for the texts joined by spaces (nil: nothing visible).
    @Test func byteSearchAgreesWithCharacterSearch() {
        let texts = ["Buy", "  buy  NOW ", "Item 3 \u{201C}special\u{201D}", "\u{20AC}12.99", "Caf\u{E9} 1", "cafe\u{301}", "CAF\u{C9}",
                     "a\u{A0}b", "a\u{85}b", "x\r\ny", "\t", "", "\u{130}stanbul", "i\u{307}stanbul", "wait;", "wait\u{37E}", "STRASSE",
                     "\u{3A3}\u{391}", "a\u{2003}b", "a b", "\u{2014}", "e", "\u{E9}", "\u{1F600} go",
                     "\u{141}\u{F3}d\u{17A} \u{C9}", "\u{142}\u{D3}D\u{179}", "\u{1E9E}", "\u{DF}", "\u{C0}\u{D7}\u{DE}\u{FF}", "\u{E0}\u{D7}\u{FE}"]
        for name in texts {
            for first in texts {
                for shown in [[first], [first, "buy"], ["e", first]] {
                    let visible = Rule.spokenForm(shown.joined(separator: " "))
                    let expected: Bool? = visible.isEmpty ? nil : Rule.spokenForm(name).contains(visible)
                    #expect(Rule.isHeard(shown, in: [name]) == expected, "\(shown) in \(name)")
                }
            }
        }
    }
}
