import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct LabelQualityRuleTests {
    func one(_ type: String, label: String, hint: String? = nil, traits: String? = nil) -> String {
        InlineTree.screen("""
            {"type": "\(type)", "label": "\(label)"\(hint.map { ", \"hint\": \"\($0)\"" } ?? "")\(traits.map { ", \"traits\": \($0)" } ?? "")}
            """)
    }

    @Test func roleWordsRedundantWithTraits() throws {
        let f = try RuleFixture.findings(.labelRoleWords, one("button", label: "Play button"))
        #expect(f.count == 1)
        #expect(f.first?.strings("words") == ["button"])
        #expect(f.first?.level == nil)
        #expect(try RuleFixture.findings(.labelRoleWords, one("button", label: "Tap to play")).count == 1)
        #expect(try RuleFixture.findings(.labelRoleWords, one("tab", label: "Home, selected")).count == 1)
        #expect(try RuleFixture.findings(.labelRoleWords, one("button", label: "Play")).isEmpty)
        // The iOS SDK's tab set labels a button "Tab Home": "tab" is not redundant without the tab trait.
        #expect(try RuleFixture.findings(.labelRoleWords, one("view", label: "Tab Home", traits: #"["button"]"#)).isEmpty)
        // Whole words only.
        #expect(try RuleFixture.findings(.labelRoleWords, one("button", label: "Buttonwood Bank")).isEmpty)
        // Non-ASCII labels: words around accented letters, and KELVIN SIGN, which lowercases to "k".
        #expect(try RuleFixture.findings(.labelRoleWords, one("button", label: "Café BUTTON")).first?.strings("words") == ["button"])
        #expect(try RuleFixture.findings(.labelRoleWords, one("view", label: "CLIC\u{212A} here")).first?.strings("words") == ["click"])
        #expect(try RuleFixture.findings(.labelRoleWords, one("button", label: "Ångström café")).isEmpty)
    }

    /// Best-practice wording rules judge control and image labels, not plain text nobody taps:
    /// a heading ending "click logout below." is content, and so is an artist called "dj_snake".
    @Test func wordingRulesSkipPlainText() throws {
        #expect(try RuleFixture.findings(.labelRoleWords, one("text", label: "To sign out, click logout below.")).isEmpty)
        #expect(try RuleFixture.findings(.labelRoleWords, one("text", label: "To sign out, click logout below.", traits: #"["header"]"#)).isEmpty)
        #expect(try RuleFixture.findings(.labelRoleWords, one("button", label: "Click to sign out")).count == 1)
        #expect(try RuleFixture.findings(.labelCodeLike, one("text", label: "dj_snake")).isEmpty)
        #expect(try RuleFixture.findings(.labelCodeLike, one("text", label: "dj_snake", traits: #"["button"]"#)).count == 1)
    }

    @Test func trailingPeriodOnControls() throws {
        #expect(try RuleFixture.findings(.labelTrailingPeriod, one("button", label: "Add to cart.")).count == 1)
        #expect(try RuleFixture.findings(.labelTrailingPeriod, one("button", label: "Add to cart")).isEmpty)
        #expect(try RuleFixture.findings(.labelTrailingPeriod, one("button", label: "Loading...")).isEmpty)
        // Sentences in static text are fine.
        #expect(try RuleFixture.findings(.labelTrailingPeriod, one("text", label: "Your order has shipped.")).isEmpty)
    }

    @Test func codeLikeLabels() throws {
        for code in ["QUOTE_TEXTVIEW", "submit_button", "quoteTextView"] {
            #expect(try RuleFixture.findings(.labelCodeLike, one("button", label: code)).count == 1, "\(code)")
            #expect(try RuleFixture.findings(.labelCodeLike, one("image", label: code)).count == 1, "\(code)")
        }
        for ok in ["Quote", "OK", "iPhone", "Wi-Fi", "_private", "Step 1_2 of 3"] {
            #expect(try RuleFixture.findings(.labelCodeLike, one("button", label: ok)).isEmpty, "\(ok)")
        }
    }

    @Test func labelEqualsHint() throws {
        #expect(try RuleFixture.findings(.labelEqualsHint, one("button", label: "Share", hint: " share ")).count == 1)
        #expect(try RuleFixture.findings(.labelEqualsHint, one("button", label: "Share", hint: "Opens the share sheet")).isEmpty)
    }
}
