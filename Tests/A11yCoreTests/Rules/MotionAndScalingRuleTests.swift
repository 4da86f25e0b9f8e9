import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct MotionAndScalingRuleTests {
    @Test func textScaling() throws {
        let fail = InlineTree.screen(#"{"type": "text", "text": "Fixed", "style": {"fontSize": 12, "scalesWithDynamicType": false}}"#)
        let f = try RuleFixture.findings(.textScaling, fail)
        #expect(f.first?.number("fontSize") == 12)
        #expect(f.first?.wcag == ["1.4.4"])
        let pass = InlineTree.screen(#"{"type": "text", "text": "Body", "style": {"textStyle": "body", "scalesWithDynamicType": true}}"#,
                                      #"{"type": "text", "text": "Unknown"}"#)
        #expect(try RuleFixture.findings(.textScaling, pass).isEmpty)
    }

    func carousel(_ respects: String?) -> String {
        InlineTree.screen("""
            {"type": "carousel", "label": "Carousel with 3 pages", "value": "Page 1 of 3",
             "component": {"pages": 3, "currentPage": 0, "autoAdvance": true\(respects.map { ", \"respectsReduceMotion\": \($0)" } ?? "")}}
            """)
    }

    @Test func autoAdvanceMustRespectReduceMotion() throws {
        #expect(try RuleFixture.findings(.autoAdvance, carousel("true")).isEmpty)
        #expect(try RuleFixture.findings(.autoAdvance, carousel("false")).count == 1)
        #expect(try RuleFixture.findings(.autoAdvance, carousel(nil)).first?.wcag == ["2.2.2"])
    }
}
