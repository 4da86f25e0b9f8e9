import Testing
@testable import A11yCore

@Suite struct LabelQualityRuleTests {
    func one(_ kind: NodeKind, label: String, hint: String? = nil, traits: Traits = []) -> RuleTestTree {
        .screen { t in t.add(kind) { $0.label = label; $0.hint = hint; $0.traits = traits } }
    }

    @Test func roleWordsRedundantWithTraits() throws {
        let f = try one(.button, label: "Play button").findings(.labelRoleWords)
        #expect(f.count == 1)
        #expect(f.first?.data.first { $0.key == "words" }?.value == .strings(["button"]))
        #expect(try one(.button, label: "Tap to play").findings(.labelRoleWords).count == 1)
        #expect(try one(.tab, label: "Home, selected").findings(.labelRoleWords).count == 1)
        #expect(try one(.button, label: "Play").findings(.labelRoleWords).isEmpty)
        // Seed 003's tab set labels a button "Tab Home": "tab" is not redundant without the tab trait.
        #expect(try one(.button, label: "Tab Home").findings(.labelRoleWords).isEmpty)
        // Whole words only.
        #expect(try one(.button, label: "Buttonwood Bank").findings(.labelRoleWords).isEmpty)
    }

    @Test func trailingPeriodOnControls() throws {
        #expect(try one(.button, label: "Add to cart.").findings(.labelTrailingPeriod).count == 1)
        #expect(try one(.button, label: "Add to cart").findings(.labelTrailingPeriod).isEmpty)
        #expect(try one(.button, label: "Loading...").findings(.labelTrailingPeriod).isEmpty)
        // Sentences in static text are fine.
        #expect(try one(.text, label: "Your order has shipped.").findings(.labelTrailingPeriod).isEmpty)
    }

    @Test func codeLikeLabels() throws {
        #expect(try one(.text, label: "QUOTE_TEXTVIEW").findings(.labelCodeLike).count == 1)
        #expect(try one(.button, label: "submit_button").findings(.labelCodeLike).count == 1)
        #expect(try one(.button, label: "quoteTextView").findings(.labelCodeLike).count == 1)
        for ok in ["Quote", "OK", "iPhone", "Wi-Fi", "_private", "Step 1_2 of 3"] {
            #expect(try one(.button, label: ok).findings(.labelCodeLike).isEmpty, "\(ok)")
        }
    }

    @Test func labelEqualsHint() throws {
        #expect(try one(.button, label: "Share", hint: " share ").findings(.labelEqualsHint).count == 1)
        #expect(try one(.button, label: "Share", hint: "Opens the share sheet").findings(.labelEqualsHint).isEmpty)
    }
}
