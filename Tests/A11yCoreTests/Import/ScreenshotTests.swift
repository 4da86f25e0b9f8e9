import A11yCore
import A11yTestSupport
import Testing
import A11yImport
import A11yModel
import A11yReports
import A11yRules
import A11yCoreTestSupport

/// A screenshot placed on each input format's tree: the scale and origin that map tree units
/// to pixels, the pixels a frame covers, and the screenshots refused as not of that screen.
@Suite struct ScreenshotTests {
    static func audit(_ text: String, format: InputFormat = .auto, density: Double? = nil,
                      png: [UInt8], name: String = "shot.png") throws(InputError) -> AuditRun {
        let shot = ScreenshotFile(name: name, bytes: png[...])
        return try Tree.audit(text, AuditSettings(inputFormat: format, density: density, screenshot: shot)).get()
    }

    static func tree(x: Double = 0, y: Double = 0, width: Double, height: Double) -> String {
        """
        {"root": {"id": "screen", "type": "view", "frame": {"x": \(x), "y": \(y), "width": \(width), "height": \(height)},
          "children": [{"id": "ok", "type": "button", "label": "OK", "frame": {"x": \(x + 10), "y": \(y + 20), "width": 44, "height": 30}}]}}
        """
    }

    static let android = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        <node index="0" text="" class="android.widget.FrameLayout" package="p" content-desc="" clickable="false" enabled="true" \
        focusable="false" bounds="[0,0][1080,2337]"><node index="0" text="Sign in" class="android.widget.Button" package="p" \
        content-desc="" clickable="true" enabled="true" focusable="true" bounds="[63,1200][1017,1347]"/></node></hierarchy>
        """

    static let ios = """
        <?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" \
        enabled="true" visible="true" x="0" y="0" width="390" height="844" name="App" label="App">\
        <XCUIElementTypeButton type="XCUIElementTypeButton" enabled="true" visible="true" x="20" y="100" width="350" height="44" \
        name="Next" label="Next"/></XCUIElementTypeApplication></AppiumAUT>
        """

    @Test func ourTreeIsPlacedInItsRootFrameUnits() throws {
        let run = try Self.audit(Self.tree(width: 390, height: 844), png: TestPNG.solid(width: 1170, height: 2532))
        let shot = try #require(run.screens[0].report.analysis.document.screenshot)
        #expect(shot.scale == 3)
        #expect(shot.width == 1170 && shot.height == 2532)
        // The button at (10, 20) 44 x 30 points covers pixels (30, 60) 132 x 90.
        #expect(shot.pixelRect(Rect(x: 10, y: 20, width: 44, height: 30)) == PixelRect(x: 30, y: 60, width: 132, height: 90))
        #expect(shot.treeRect(PixelRect(x: 30, y: 60, width: 132, height: 90)) == Rect(x: 10, y: 20, width: 44, height: 30))
    }

    @Test func aRootFrameAwayFromZeroIsTheScreenshotsOrigin() throws {
        let run = try Self.audit(Self.tree(x: 100, y: 40, width: 200, height: 100), png: TestPNG.solid(width: 400, height: 200))
        let shot = try #require(run.screens[0].report.analysis.document.screenshot)
        #expect(shot.scale == 2 && shot.origin == Point(x: 100, y: 40))
        #expect(shot.pixelRect(Rect(x: 110, y: 60, width: 44, height: 30)) == PixelRect(x: 20, y: 40, width: 88, height: 60))
        // Clipped to the image; nothing of it on the image is nil.
        #expect(shot.pixelRect(Rect(x: 250, y: 120, width: 100, height: 100)) == PixelRect(x: 300, y: 160, width: 100, height: 40))
        #expect(shot.pixelRect(Rect(x: 0, y: 0, width: 50, height: 30)) == nil)
    }

    @Test func androidBoundsAreScreenshotPixels() throws {
        // The importer reads 1080 px as 3.0 dp a pixel; the screenshot's pixels are the bounds.
        let run = try Self.audit(Self.android, png: TestPNG.solid(width: 1080, height: 2400))
        let document = run.screens[0].report.analysis.document
        let shot = try #require(document.screenshot)
        #expect(shot.scale == 3 && shot.origin == Point(x: 0, y: 0))
        let button = 2  // hierarchy, FrameLayout, Button
        #expect(shot.pixelRect(document.nodes[button].frame!) == PixelRect(x: 63, y: 1200, width: 954, height: 147))
        // With another density the frames change and the pixels do not.
        let dense = try Self.audit(Self.android, density: 2.625, png: TestPNG.solid(width: 1080, height: 2337))
        let denseDocument = dense.screens[0].report.analysis.document
        #expect(denseDocument.screenshot?.pixelRect(denseDocument.nodes[button].frame!) == PixelRect(x: 63, y: 1200, width: 954, height: 147))
    }

    @Test func androidScreenshotsOfAnotherSizeAreRefused() {
        // Narrower (resized), or shorter than the bounds reach.
        for (w, h) in [(720, 1600), (1080, 2000), (1440, 3120)] {
            #expect(throws: InputError.self) { try Self.audit(Self.android, png: TestPNG.solid(width: w, height: h)) }
        }
        let error = try? #require(throws: InputError.self) { try Self.audit(Self.android, png: TestPNG.solid(width: 720, height: 1600)) }
        #expect(error?.kind == .screenshot)
        #expect(error?.message.contains("720 x 1600") == true)
    }

    @Test func iosPointsTimesTheScreenScale() throws {
        for scale in [1, 2, 3] {
            let run = try Self.audit(Self.ios, png: TestPNG.solid(width: 390 * scale, height: 844 * scale))
            let shot = try #require(run.screens[0].report.analysis.document.screenshot)
            #expect(shot.scale == Double(scale))
            #expect(shot.pixelRect(Rect(x: 20, y: 100, width: 350, height: 44))
                        == PixelRect(x: 20 * scale, y: 100 * scale, width: 350 * scale, height: 44 * scale))
        }
    }

    @Test func aScreenshotOfAnotherScreenIsRefused() {
        // Another device's aspect ratio; the right ratio at a scale no device has (2.564);
        // one pixel off is rounding, two are not.
        for (w, h) in [(1080, 2400), (1000, 2164), (1170, 2534)] {
            let error = try? #require(throws: InputError.self) { try Self.audit(Self.ios, png: TestPNG.solid(width: w, height: h)) }
            #expect(error?.kind == .screenshot, "\(w) x \(h)")
        }
        #expect(throws: Never.self) { try Self.audit(Self.ios, png: TestPNG.solid(width: 1170, height: 2533)) }
    }

    @Test func aBatchOfSeveralScreensTakesNoScreenshot() {
        let batch = #"{"screens": [{"name": "a", "root": {"type": "view"}}, {"name": "b", "root": {"type": "view"}}]}"#
        let error = try? #require(throws: InputError.self) { try Self.audit(batch, png: TestPNG.solid(width: 10, height: 10)) }
        #expect(error?.kind == .screenshot)
        #expect(error?.message.contains("2 screens") == true)
    }

    @Test func aTreeWithoutFramesCannotPlaceIt() {
        let error = try? #require(throws: InputError.self) {
            try Self.audit(#"{"root": {"type": "view", "children": [{"type": "button", "label": "OK"}]}}"#, png: TestPNG.solid(width: 10, height: 10))
        }
        #expect(error?.message.contains("no frame") == true)
    }

    @Test func unreadablePNGsAreOneClearError() {
        var badCRC = TestPNG.solid(width: 390, height: 844)
        badCRC[29] ^= 0xFF  // IHDR's CRC
        let truncated = Array(TestPNG.solid(width: 390, height: 844).prefix(200))
        let huge = TestPNG.file(width: 100_000, height: 100_000, imageData: TestPNG.zlib([0]))
        // Few pixels, but one side past the decoder's longest: the message names the side.
        let long = TestPNG.file(width: 2_000_000, height: 1, imageData: TestPNG.zlib([0]))
        for (png, says) in [(Array("not a png".utf8), "not a PNG"), (badCRC, "CRC"), (truncated, "truncated"), (huge, "more than the"),
                            (long, "a side of more than the 1000000 pixels")] {
            let error = try? #require(throws: InputError.self) { try Self.audit(Self.tree(width: 390, height: 844), png: png, name: "s.png") }
            #expect(error?.kind == .screenshot)
            #expect(error?.message.contains("s.png") == true)
            #expect(error?.message.lowercased().contains(says.lowercased()) == true, "\(error?.message ?? "")")
        }
    }

    @Test func rulesReadThePixelsOfANode() throws {
        // Left half black, right half white: the context maps the button's frame to its pixels.
        let png = TestPNG.rgba(width: 780, height: 1688) { x, _ in x < 390 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let run = try Self.audit(Self.tree(width: 390, height: 844), png: png)
        let report = run.screens[0].report
        let rule = RuleRegistry.all[0]
        let context = RuleContext(rule: rule, analysis: report.analysis, options: report.analysis.document.options)
        let button = try #require(report.analysis.document.nodes.firstIndex { $0.id == "ok" })
        let pixels = try #require(context.pixels(ofNode: button))
        #expect(pixels == PixelRect(x: 20, y: 40, width: 88, height: 60))
        let inside = try #require(context.screenshot).image.pixel(x: pixels.x, y: pixels.y)
        let outside = try #require(context.screenshot).image.pixel(x: 390 * 2 - 1, y: pixels.y)
        #expect(inside.r == 0 && inside.a == 255 && outside.r == 255)
    }
}
