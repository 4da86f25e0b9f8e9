import Testing
@testable import A11yCore

@Suite struct ContrastRuleTests {
    func textTree(fg: String, bg: String = "#FFFFFF", size: Double? = 17, weight: Double? = nil) -> RuleTestTree {
        .screen { t in
            t.add(.text) { $0.text = "Price"; $0.style = style(fg: fg, bg: bg, size: size, weight: weight) }
        }
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
        #expect(ContrastMath.ratio(Color(hex: "#000000")!, white) == 21)
    }

    @Test func normalTextBoundary() throws {
        #expect(try textTree(fg: "#767676").findings(.textContrast).isEmpty)
        let fail = try textTree(fg: "#777777").findings(.textContrast)
        #expect(fail.count == 1)
        #expect(fail.first?.number("ratio") == 4.48)
        #expect(fail.first?.number("required") == 4.5)
        #expect(fail.first?.string("foreground") == "#777777")
        #expect(fail.first?.string("background") == "#FFFFFF")
        #expect(fail.first?.wcag == ["1.4.3"])
        #expect(fail.first?.impact == .serious)
        #expect(fail.first?.outcome == .violation)
    }

    @Test func largeTextBoundaryBySizeAndByBoldWeight() throws {
        #expect(try textTree(fg: "#949494", size: 18).findings(.textContrast).isEmpty)
        #expect(try textTree(fg: "#959595", size: 18).findings(.textContrast).first?.number("required") == 3)
        #expect(try textTree(fg: "#949494", size: 14, weight: 700).findings(.textContrast).isEmpty)
        // 14 pt at weight 600 is not large: 3.03 fails the 4.5 requirement.
        #expect(try textTree(fg: "#949494", size: 14, weight: 600).findings(.textContrast).first?.number("required") == 4.5)
        #expect(try textTree(fg: "#949494", size: 17.9).findings(.textContrast).count == 1)
    }

    @Test func foregroundAlphaIsBlendedOverTheBackground() throws {
        // Black at alpha 0x80 over white is #7F7F7F (4.0:1): fails normal text although black passes.
        let f = try textTree(fg: "#00000080").findings(.textContrast)
        #expect(f.first?.string("foreground") == "#7F7F7F")
        #expect(f.first?.number("ratio") == 4)
        #expect(try textTree(fg: "#000000").findings(.textContrast).isEmpty)
    }

    @Test func backgroundIsInheritedAndTranslucentBackgroundsStack() throws {
        let tree = RuleTestTree.screen { t in
            let card = t.add(.view, element: false) { $0.style = style(bg: "#000000") }
            // 50% white over black is #808080; white text on it is 3.95:1.
            t.add(.text, parent: card) { $0.text = "On card"; $0.style = style(fg: "#FFFFFF", bg: "#FFFFFF80") }
        }
        let f = try tree.findings(.textContrast)
        #expect(f.count == 1)
        #expect(f.first?.string("background") == "#808080")
    }

    @Test func gradientBackgroundIsIncompleteNotAViolation() throws {
        let tree = RuleTestTree.screen { t in
            let hero = t.add(.view, element: false) { $0.style = style(background: .gradient) }
            t.add(.text, parent: hero) { $0.text = "Sale"; $0.style = style(fg: "#FFFFFF") }
        }
        var options = AuditOptions()
        options.only = [Located("text-contrast", at: "/o")]
        let run = try RuleRunner.run(tree.analysis, options: options)
        #expect(run.findings.map(\.outcome) == [.incomplete])
        #expect(run.findings.first?.string("backgroundKind") == "gradient")
        #expect(run.rulesIncomplete == ["text-contrast"])
        #expect(run.rulesPassed.isEmpty)
    }

    @Test func disabledAndInvisibleTextAreExempt() throws {
        let tree = RuleTestTree.screen { t in
            t.add(.button) { $0.text = "Off"; $0.enabled = false; $0.style = style(fg: "#CCCCCC") }
            t.add(.text) { $0.text = "Gone"; $0.opacity = 0; $0.style = style(fg: "#CCCCCC") }
        }
        #expect(try tree.findings(.textContrast).isEmpty)
    }

    @Test func thresholdOverride() throws {
        #expect(try textTree(fg: "#767676").findings(.textContrast) { $0.thresholds.contrastText = 5 }.count == 1)
    }

    @Test func enhancedContrastRunsOnlyAtAAAAndUsesSevenToOne() throws {
        let tree = textTree(fg: "#767676")
        var options = AuditOptions()
        #expect(try RuleRunner.run(tree.analysis, options: options).findings.filter { $0.rule == "text-contrast-enhanced" }.isEmpty)
        options.level = .AAA
        let f = try RuleRunner.run(tree.analysis, options: options).findings.filter { $0.rule == "text-contrast-enhanced" }
        #expect(f.count == 1)
        #expect(f.first?.number("required") == 7)
        #expect(f.first?.level == .AAA)
        // #595959 on white is 7.0:1.
        #expect(try textTree(fg: "#595959").findings(.enhancedContrast).isEmpty)
        // Large text needs 4.5 at AAA: #767676 passes, #777777 fails.
        #expect(try textTree(fg: "#767676", size: 18).findings(.enhancedContrast).isEmpty)
        #expect(try textTree(fg: "#777777", size: 18).findings(.enhancedContrast).count == 1)
    }

    @Test func nonTextContrastOnIconsAndControls() throws {
        func icon(_ fg: String, hidden: Bool = false) -> RuleTestTree {
            .screen { t in t.add(.image) { $0.label = "Warning"; $0.hidden = hidden; $0.style = style(fg: fg) } }
        }
        #expect(try icon("#949494").findings(.nonTextContrast).isEmpty)
        let f = try icon("#959595").findings(.nonTextContrast)
        #expect(f.count == 1)
        #expect(f.first?.number("ratio") == 2.99)
        #expect(f.first?.number("required") == 3)
        #expect(f.first?.wcag == ["1.4.11"])
        // Decorative (hidden) images are exempt.
        #expect(try icon("#959595", hidden: true).findings(.nonTextContrast).isEmpty)
        let toggle = RuleTestTree.screen { t in t.add(.toggle) { $0.label = "Wi-Fi"; $0.style = style(fg: "#DDDDDD") } }
        #expect(try toggle.findings(.nonTextContrast).count == 1)
    }
}
