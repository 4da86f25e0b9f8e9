import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import A11yCore
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct ContrastRuleTests {
    func text(_ fg: String, bg: String = "#FFFFFF", size: Double = 17, weight: String? = nil) -> String {
        InlineTree.screen("""
            {"type": "text", "text": "Price", "style": {"foreground": "\(fg)", "background": "\(bg)", "fontSize": \(size)\(weight.map { ", \"fontWeight\": \($0)" } ?? "")}}
            """)
    }

    @Test func luminanceFormulaMatchesReferenceRatios() {
        let white = Color(hex: "#FFFFFF")!
        func ratio(_ hex: String) -> Double { ContrastMath.ratio(Color(hex: hex)!, white) }
        #expect(ContrastMath.reported(ratio("#767676"), required: 4.5) == 4.54)
        #expect(ContrastMath.reported(ratio("#777777"), required: 4.5) == 4.48)
        #expect(ContrastMath.reported(ratio("#949494"), required: 3) == 3.03)
        // 2.9953 fails 3:1 and must not be reported as 3.00.
        #expect(ratio("#959595") < 3)
        #expect(ContrastMath.reported(ratio("#959595"), required: 3) == 2.99)
        #expect(ratio("#000000") == 21)
    }

    @Test func linearChannelTableGivesTheFormulasBits() {
        func formula(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        for k in 0...255 {
            let c = Double(k) / 255
            #expect(ContrastMath.linear(c).bitPattern == formula(c).bitPattern, "channel \(k)")
        }
        // Blended channels fall between table entries and take the formula.
        for c in [0.5, 0.123456, 0.04045, 0.999, 1e-9] {
            #expect(ContrastMath.linear(c).bitPattern == formula(c).bitPattern, "channel \(c)")
        }
        #expect(ContrastMath.linear(.nan).isNaN)
    }

    @Test func normalTextBoundary() throws {
        #expect(try RuleFixture.findings(.textContrast, text("#767676")).isEmpty)
        let fail = try RuleFixture.findings(.textContrast, text("#777777"))
        #expect(fail.count == 1)
        #expect(fail.first?.number("ratio") == 4.48)
        #expect(fail.first?.number("required") == 4.5)
        #expect(fail.first?.string("foreground") == "#777777")
        #expect(fail.first?.string("background") == "#FFFFFF")
        #expect(fail.first?.wcag == ["1.4.3"])
        #expect(fail.first?.level == .AA)
        #expect(fail.first?.impact == .serious)
        #expect(fail.first?.outcome == .violation)
    }

    @Test func largeTextBoundaryBySizeAndByBoldWeight() throws {
        #expect(try RuleFixture.findings(.textContrast, text("#949494", size: 18)).isEmpty)
        let fail = try RuleFixture.findings(.textContrast, text("#959595", size: 18))
        #expect(fail.first?.number("required") == 3)
        #expect(fail.first?.number("ratio") == 2.99)
        #expect(try RuleFixture.findings(.textContrast, text("#949494", size: 14, weight: "700")).isEmpty)
        #expect(try RuleFixture.findings(.textContrast, text("#949494", size: 14, weight: "\"bold\"")).isEmpty)
        // 14 pt at weight 600 is not large: 3.03 fails the 4.5 requirement.
        #expect(try RuleFixture.findings(.textContrast, text("#949494", size: 14, weight: "600")).first?.number("required") == 4.5)
        #expect(try RuleFixture.findings(.textContrast, text("#949494", size: 17.9)).count == 1)
    }

    @Test func foregroundAlphaIsBlendedOverTheBackground() throws {
        // Black at alpha 0x80 over white is #7F7F7F (4.0:1): fails although opaque black passes.
        let f = try RuleFixture.findings(.textContrast, text("#00000080"))
        #expect(f.first?.string("foreground") == "#7F7F7F")
        #expect(f.first?.number("ratio") == 4)
        #expect(try RuleFixture.findings(.textContrast, text("#000000")).isEmpty)
    }

    @Test func backgroundIsInheritedAndTranslucentBackgroundsStack() throws {
        // 50% white over black is #808080; white text on it is 3.95:1.
        let json = InlineTree.screen("""
            {"type": "view", "style": {"background": "#000000"}, "children": [
              {"type": "text", "text": "On card", "style": {"foreground": "#FFFFFF", "background": "#FFFFFF80"}}]}
            """)
        let f = try RuleFixture.findings(.textContrast, json)
        #expect(f.count == 1)
        #expect(f.first?.string("background") == "#808080")
        #expect(try RuleFixture.pointers(.textContrast, json) == ["/root/children/0/children/0"])
    }

    @Test func gradientBackgroundIsIncompleteNotAViolation() throws {
        let json = InlineTree.screen("""
            {"type": "view", "style": {"backgroundKind": "gradient"}, "children": [
              {"type": "text", "text": "Sale", "style": {"foreground": "#FFFFFF"}}]}
            """)
        let run = try RuleFixture.run(json) { $0.only = [Located("text-contrast", at: "/o")] }
        #expect(run.findings.map(\.outcome) == [.incomplete])
        #expect(run.findings.first?.string("backgroundKind") == "gradient")
        #expect(run.rulesIncomplete == ["text-contrast"])
        #expect(run.rulesPassed.isEmpty)
        #expect(!run.fails(.impact(.minor)))
    }

    @Test func disabledAndInvisibleTextAreExempt() throws {
        let json = InlineTree.screen("""
            {"type": "button", "text": "Off", "enabled": false, "style": {"foreground": "#CCCCCC"}}
            """, """
            {"type": "text", "text": "Gone", "opacity": 0, "style": {"foreground": "#CCCCCC"}}
            """)
        #expect(try RuleFixture.findings(.textContrast, json).isEmpty)
    }

    @Test func thresholdOverrideFromRequestOptions() throws {
        let json = InlineTree.screen("""
            {"type": "text", "text": "Price", "style": {"foreground": "#767676"}}
            """, options: ##"{"thresholds": {"contrastText": 5}}"##)
        #expect(try RuleFixture.findings(.textContrast, json).first?.number("required") == 5)
    }

    @Test func enhancedContrastRunsOnlyAtAAAAndUsesSevenToOne() throws {
        let aa = try RuleFixture.run(text("#767676"))
        #expect(!aa.rulesRun.contains("text-contrast-enhanced"))
        let aaa = try RuleFixture.run(text("#767676")) { $0.level = .AAA }
        let f = aaa.findings.filter { $0.rule == "text-contrast-enhanced" }
        #expect(f.count == 1)
        #expect(f.first?.number("required") == 7)
        #expect(f.first?.level == .AAA)
        #expect(f.first?.wcag == ["1.4.6"])
        // #595959 on white is 7.0:1.
        #expect(try RuleFixture.findings(.enhancedContrast, text("#595959")).isEmpty)
        // Large text needs 4.5 at AAA: #767676 passes, #777777 fails.
        #expect(try RuleFixture.findings(.enhancedContrast, text("#767676", size: 18)).isEmpty)
        #expect(try RuleFixture.findings(.enhancedContrast, text("#777777", size: 18)).count == 1)
    }

    @Test func nonTextContrastOnIconsAndControls() throws {
        func icon(_ fg: String, hidden: Bool = false) -> String {
            InlineTree.screen("""
                {"type": "image", "label": "Warning", "hidden": \(hidden), "style": {"foreground": "\(fg)"}}
                """)
        }
        #expect(try RuleFixture.findings(.nonTextContrast, icon("#949494")).isEmpty)
        let f = try RuleFixture.findings(.nonTextContrast, icon("#959595"))
        #expect(f.count == 1)
        #expect(f.first?.number("ratio") == 2.99)
        #expect(f.first?.number("required") == 3)
        #expect(f.first?.wcag == ["1.4.11"])
        // Decorative (hidden) images are exempt.
        #expect(try RuleFixture.findings(.nonTextContrast, icon("#959595", hidden: true)).isEmpty)
        let toggle = InlineTree.screen(##"{"type": "toggle", "label": "Wi-Fi", "style": {"foreground": "#DDDDDD"}}"##)
        #expect(try RuleFixture.findings(.nonTextContrast, toggle).count == 1)
        let overPhoto = InlineTree.screen(##"{"type": "image", "label": "Play", "style": {"foreground": "#FFFFFF", "backgroundKind": "image"}}"##)
        #expect(try RuleFixture.findings(.nonTextContrast, overPhoto).map(\.outcome) == [.incomplete])
    }

    /// Each failing text names its own colour pair, however many pairs a screen repeats.
    @Test func manyColourPairsKeepTheirOwnMessages() throws {
        let greys = (0..<12).map { "#" + String(repeating: String(0xA0 + 4 * $0, radix: 16, uppercase: true), count: 3) }
        let order = greys + greys.reversed()
        let children = order.map { ##"{"type": "text", "text": "Price", "style": {"foreground": "\##($0)", "background": "#FFFFFF"}}"## }
        let findings = try RuleFixture.findings(.textContrast, InlineTree.screen(children.joined(separator: ",")))
        #expect(findings.map { $0.string("foreground") } == order)
        #expect(findings.allSatisfy { $0.message.contains("(\($0.string("foreground")!) on #FFFFFF)") })
    }
}
