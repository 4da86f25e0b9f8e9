import Testing
@testable import A11yCore

@Suite struct TraitRuleTests {
    @Test func conflictingRoleTraits() throws {
        let fail = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "Terms"; $0.traits = .link }
            t.add(.view, element: true) { $0.label = "Volume"; $0.traits = [.button, .adjustable] }
        }
        let f = try fail.findings(.conflictingRoleTraits)
        #expect(f.map(\.node) == [1, 2])
        #expect(f.last?.data.first { $0.key == "conflicts" }?.value == .strings(["button + adjustable"]))
        let pass = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "Play" }
            t.add(.slider) { $0.label = "Volume" }
        }
        #expect(try pass.findings(.conflictingRoleTraits).isEmpty)
    }

    @Test func missingRoleTrait() throws {
        let fail = RuleTestTree.screen { t in
            t.add(.view, element: false) { $0.label = "Buy" }
            // A button kind whose element lost the trait (e.g. combinable traitsAdjust.remove).
            t.element(for: [t.add(.button, element: false) { $0.label = "Buy" }]) { $0.traits = Traits() }
        }
        let f = try fail.findings(.missingRoleTrait)
        #expect(f.count == 1)
        #expect(f.first?.string("expected") == "button")
        let pass = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "Buy" }
            t.add(.toggle) { $0.label = "Wi-Fi" }
            t.add(.textField) { $0.label = "Email" }
        }
        #expect(try pass.findings(.missingRoleTrait).isEmpty)
    }

    @Test func combinedElementKeepingButtonWithSeveralButtons() throws {
        // Seed 001: HStack { title; Favorite; Share }.combine() keeps .isButton unless removed.
        func row(removeButton: Bool, buttons: Int) -> RuleTestTree {
            .screen { t in
                let row = t.add(.stack, element: false) { $0.grouping = .combine }
                var nodes = [row, t.add(.text, parent: row, element: false) { $0.text = "Inception" }]
                for i in 0..<buttons { nodes.append(t.add(.button, parent: row, element: false) { $0.label = "Action \(i)" }) }
                t.element(for: nodes) { e in
                    e.label = "Inception"
                    e.traits = removeButton ? [] : .button
                    e.actions = (0..<buttons).map { "Action \($0)" }
                }
            }
        }
        let f = try row(removeButton: false, buttons: 2).findings(.combinedButtonTrait)
        #expect(f.map(\.node) == [1])
        #expect(f.first?.number("controls") == 2)
        #expect(try row(removeButton: true, buttons: 2).findings(.combinedButtonTrait).isEmpty)
        // One button merged into the row is the row's own activation: keeping the trait is right.
        #expect(try row(removeButton: false, buttons: 1).findings(.combinedButtonTrait).isEmpty)
    }

    @Test func keyboardFocusable() throws {
        let fail = RuleTestTree.screen { t in t.add(.button) { $0.label = "Next"; $0.focusable = false } }
        let f = try fail.findings(.keyboardFocusable)
        #expect(f.map(\.wcag) == [["2.1.1"]])
        let pass = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "Next"; $0.focusable = true }
            t.add(.button) { $0.label = "Back" }
            t.add(.text) { $0.text = "Static"; $0.focusable = false }
        }
        #expect(try pass.findings(.keyboardFocusable).isEmpty)
    }
}
