import Testing
@testable import A11yCore

@Suite struct TargetSizeRuleTests {
    func button(_ w: Double, _ h: Double, platform: Platform = .ios, accessibilityFrame: Rect? = nil) -> RuleTestTree {
        .screen(platform: platform) { t in
            t.add(.button) { $0.label = "Close"; $0.frame = Rect(x: 10, y: 10, width: w, height: h); $0.accessibilityFrame = accessibilityFrame }
        }
    }

    @Test func iosBoundaryIs44Points() throws {
        #expect(try button(44, 44).findings(.targetSize).isEmpty)
        let f = try button(43.9, 44).findings(.targetSize)
        #expect(f.count == 1)
        #expect(f.first?.number("width") == 43.9)
        #expect(f.first?.number("height") == 44)
        #expect(f.first?.number("requiredWidth") == 44)
        #expect(f.first?.number("requiredHeight") == 44)
        #expect(try button(44, 43).findings(.targetSize).count == 1)
    }

    @Test func androidIs48AndWebIs24() throws {
        #expect(try button(47, 48, platform: .android).findings(.targetSize).count == 1)
        #expect(try button(48, 48, platform: .android).findings(.targetSize).isEmpty)
        #expect(try button(24, 24, platform: .web).findings(.targetSize).isEmpty)
        #expect(try button(23, 24, platform: .web).findings(.targetSize).first?.number("requiredWidth") == 24)
    }

    @Test func measuresTheAccessibilityFrame() throws {
        // A 20x20 dot with a 60x60 content shape for assistive technology (seed 001) passes.
        #expect(try button(20, 20, accessibilityFrame: Rect(x: 0, y: 0, width: 60, height: 60)).findings(.targetSize).isEmpty)
    }

    @Test func configurableAndSkipsDisabledAndNonInteractive() throws {
        #expect(try button(30, 30).findings(.targetSize) { $0.thresholds.targetWidth = 30; $0.thresholds.targetHeight = 30 }.isEmpty)
        let tree = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "Off"; $0.enabled = false; $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
            t.add(.text) { $0.text = "Tiny"; $0.frame = Rect(x: 0, y: 20, width: 10, height: 10) }
        }
        #expect(try tree.findings(.targetSize).isEmpty)
    }

    @Test func enhancedIs44AtAAAOnly() throws {
        let web = button(30, 30, platform: .web)
        #expect(try web.findings(.targetSize).isEmpty)
        var options = AuditOptions()
        #expect(try RuleRunner.run(web.analysis, options: options).findings.isEmpty)
        options.level = .AAA
        let f = try RuleRunner.run(web.analysis, options: options).findings
        #expect(f.map(\.rule) == ["target-size-enhanced"])
        #expect(f.first?.wcag == ["2.5.5"])
        #expect(try button(44, 44, platform: .web).findings(.targetSizeEnhanced).isEmpty)
    }
}
