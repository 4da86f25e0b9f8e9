import Testing
@testable import A11yCore

@Suite struct NameRuleTests {
    @Test func controlName() throws {
        let pass = RuleTestTree.screen { t in t.add(.button) { $0.label = "Share" } }
        #expect(try pass.findings(.controlName).isEmpty)
        let fail = RuleTestTree.screen { t in
            t.add(.button)
            t.add(.view, element: true) { $0.traits = .link; $0.label = "  " }
        }
        let f = try fail.findings(.controlName)
        #expect(f.map(\.node) == [1, 2])
        #expect(f.first?.impact == .critical)
        #expect(f.first?.wcag == ["4.1.2"])
    }

    @Test func imageName() throws {
        let pass = RuleTestTree.screen { t in
            t.add(.image) { $0.label = "Movie poster" }
            // Hidden images are not elements: nothing to name.
            t.add(.image, element: false) { $0.hidden = true }
        }
        #expect(try pass.findings(.imageName).isEmpty)
        let fail = RuleTestTree.screen { t in t.add(.image) }
        let f = try fail.findings(.imageName)
        #expect(f.map(\.rule) == ["image-name"])
        #expect(f.first?.wcag == ["1.1.1"])
    }

    @Test func textFieldName() throws {
        #expect(try RuleTestTree.screen { t in t.add(.textField) { $0.label = "Email" } }.findings(.textFieldName).isEmpty)
        let fail = RuleTestTree.screen { t in t.add(.secureTextField) }
        #expect(try fail.findings(.textFieldName).count == 1)
        // Reported once, by text-field-name, not again by control-name.
        #expect(try fail.findings(.controlName).isEmpty)
    }

    @Test func canvasNeedsSyntheticChildrenOrALabel() throws {
        let withChildren = RuleTestTree.screen { t in
            let canvas = t.add(.canvas, element: false)
            t.add(.text, parent: canvas, synthetic: true) { $0.label = "Jan: 10" }
        }
        #expect(try withChildren.findings(.canvasAlternative).isEmpty)
        let labelled = RuleTestTree.screen { t in t.add(.canvas) { $0.label = "Revenue up 15%" } }
        #expect(try labelled.findings(.canvasAlternative).isEmpty)
        let bare = RuleTestTree.screen { t in t.add(.canvas, element: false) }
        let f = try bare.findings(.canvasAlternative)
        #expect(f.map(\.node) == [1])
        #expect(f.first?.wcag == ["1.1.1"])
    }
}
