import Testing
@testable import A11yCore

@Suite struct MotionAndScalingRuleTests {
    @Test func textScaling() throws {
        let fail = RuleTestTree.screen { t in
            t.add(.text) { $0.text = "Fixed"; var s = style(size: 12); s.scalesWithDynamicType = false; $0.style = s }
        }
        let f = try fail.findings(.textScaling)
        #expect(f.first?.number("fontSize") == 12)
        #expect(f.first?.wcag == ["1.4.4"])
        let pass = RuleTestTree.screen { t in
            t.add(.text) { $0.text = "Body"; var s = style(size: 17); s.textStyle = "body"; s.scalesWithDynamicType = true; $0.style = s }
            t.add(.text) { $0.text = "Unknown" }
        }
        #expect(try pass.findings(.textScaling).isEmpty)
    }

    @Test func autoAdvanceMustRespectReduceMotion() throws {
        func carousel(respects: Bool?) -> RuleTestTree {
            .screen { t in
                t.add(.carousel) { n in
                    n.label = "Carousel with 3 pages"
                    var c = Component(); c.autoAdvance = true; c.respectsReduceMotion = respects; n.component = c
                }
            }
        }
        #expect(try carousel(respects: true).findings(.autoAdvance).isEmpty)
        #expect(try carousel(respects: false).findings(.autoAdvance).count == 1)
        #expect(try carousel(respects: nil).findings(.autoAdvance).first?.wcag == ["2.2.2"])
    }
}
