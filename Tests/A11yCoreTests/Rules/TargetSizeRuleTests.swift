import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

@Suite struct TargetSizeRuleTests {
    func button(_ w: Double, _ h: Double, platform: String = "ios", extra: String = "", options: String = "{}") -> String {
        InlineTree.screen("""
            {"type": "button", "label": "Close", "frame": {"x": 10, "y": 10, "width": \(w), "height": \(h)}\(extra)}
            """, platform: platform, options: options)
    }

    @Test func iosBoundaryIs44Points() throws {
        #expect(try RuleFixture.findings(.targetSize, button(44, 44)).isEmpty)
        let f = try RuleFixture.findings(.targetSize, button(43.9, 44))
        #expect(f.count == 1)
        #expect(f.first?.number("width") == 43.9)
        #expect(f.first?.number("height") == 44)
        #expect(f.first?.number("requiredWidth") == 44)
        #expect(f.first?.number("requiredHeight") == 44)
        #expect(f.first?.wcag == ["2.5.8"])
        #expect(try RuleFixture.findings(.targetSize, button(44, 43)).count == 1)
    }

    @Test func androidIs48AndWebIs24() throws {
        #expect(try RuleFixture.findings(.targetSize, button(47, 48, platform: "android")).count == 1)
        #expect(try RuleFixture.findings(.targetSize, button(48, 48, platform: "android")).isEmpty)
        #expect(try RuleFixture.findings(.targetSize, button(24, 24, platform: "web")).isEmpty)
        #expect(try RuleFixture.findings(.targetSize, button(23, 24, platform: "web")).first?.number("requiredWidth") == 24)
    }

    @Test func measuresTheAccessibilityFrame() throws {
        // A 20x20 dot with a 60x60 content shape for assistive technology (SwiftUI Accessible Grouping) passes.
        let json = button(20, 20, extra: #", "accessibilityFrame": {"x": 0, "y": 0, "width": 60, "height": 60}"#)
        #expect(try RuleFixture.findings(.targetSize, json).isEmpty)
    }

    @Test func configurableFromOptions() throws {
        let json = button(30, 30, options: #"{"thresholds": {"targetSize": {"width": 30, "height": 30}}}"#)
        #expect(try RuleFixture.findings(.targetSize, json).isEmpty)
        let bigger = button(30, 30, platform: "web", options: #"{"thresholds": {"targetSize": 32}}"#)
        #expect(try RuleFixture.findings(.targetSize, bigger).first?.number("requiredHeight") == 32)
    }

    @Test func skipsDisabledAndNonInteractive() throws {
        let json = InlineTree.screen("""
            {"type": "button", "label": "Off", "enabled": false, "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
            """, """
            {"type": "text", "text": "Tiny", "frame": {"x": 0, "y": 20, "width": 10, "height": 10}}
            """)
        #expect(try RuleFixture.findings(.targetSize, json).isEmpty)
    }

    @Test func enhancedIs44AtAAAOnly() throws {
        let web = button(30, 30, platform: "web")
        #expect(try RuleFixture.run(web).findings.isEmpty)
        let f = try RuleFixture.run(web) { $0.level = .AAA }.findings
        #expect(f.map(\.rule) == ["target-size-enhanced"])
        #expect(f.first?.wcag == ["2.5.5"])
        #expect(try RuleFixture.findings(.targetSizeEnhanced, button(44, 44, platform: "web")).isEmpty)
    }
}
