import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yRules

/// ATF's contrast from pixels, on buffers these tests paint, with exact expected figures.
@Suite struct PixelContrastTests {
    typealias P = PixelContrast

    /// A `width` x `height` opaque image of `fill`, with `rects` painted over it in order.
    static func image(_ width: Int, _ height: Int, fill: UInt32, _ rects: [(PixelRect, UInt32)] = []) -> RGBAImage {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        func paint(_ x: Int, _ y: Int, _ rgb: UInt32) {
            let at = (y * width + x) * 4
            rgba[at] = UInt8(rgb >> 16 & 0xFF); rgba[at + 1] = UInt8(rgb >> 8 & 0xFF); rgba[at + 2] = UInt8(rgb & 0xFF); rgba[at + 3] = 255
        }
        for y in 0..<height { for x in 0..<width { paint(x, y, fill) } }
        for (r, rgb) in rects { for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { paint(x, y, rgb) } } }
        return RGBAImage(width: width, height: height, pixels: rgba)
    }

    let whole = PixelRect(x: 0, y: 0, width: 10, height: 10)

    @Test func histogramCountsEachColourInTheRectOnly() {
        let img = Self.image(10, 10, fill: 0xFFFFFF, [(PixelRect(x: 0, y: 0, width: 2, height: 5), 0x000000)])
        let h = P.histogram(img, in: whole)
        // Signed order: 0xFF000000 (black) before 0xFFFFFFFF (white).
        #expect(h.map(\.color) == [0xFF00_0000, 0xFFFF_FFFF] && h.map(\.count) == [10, 90])
        // Clipped to the image: a rect half outside counts only the inside pixels.
        let clipped = P.histogram(img, in: PixelRect(x: -5, y: 8, width: 10, height: 10))
        #expect(clipped.map(\.count) == [10])
        #expect(P.histogram(img, in: PixelRect(x: 10, y: 0, width: 5, height: 5)).isEmpty)
    }

    @Test func blackTextOnWhiteIs21() {
        let img = Self.image(10, 10, fill: 0xFFFFFF, [(PixelRect(x: 0, y: 0, width: 2, height: 5), 0x000000)])
        #expect(P.verdict(img, in: whole) == .measured(foreground: 0xFF00_0000, background: 0xFFFF_FFFF, ratio: 21))
    }

    @Test func antiAliasingPicksTheMostFrequentDarkColour() {
        // 60 white, 30 #777777, 10 black: the average of the three luminances (0.395) puts
        // #777777 and black below; #777777 is the more frequent of them.
        let img = Self.image(10, 10, fill: 0xFFFFFF, [(PixelRect(x: 0, y: 0, width: 10, height: 3), 0x777777),
                                                       (PixelRect(x: 0, y: 3, width: 10, height: 1), 0x000000)])
        #expect(P.verdict(img, in: whole) == .measured(foreground: 0xFF77_7777, background: 0xFFFF_FFFF, ratio: 4.48))
    }

    @Test func aTieMakesTheDarkColourTheBackground() {
        // ATF: the light colour is the background only when strictly more frequent.
        let img = Self.image(10, 10, fill: 0xFFFFFF, [(PixelRect(x: 0, y: 0, width: 10, height: 5), 0x000000)])
        #expect(P.verdict(img, in: whole) == .measured(foreground: 0xFFFF_FFFF, background: 0xFF00_0000, ratio: 21))
    }

    @Test func oneColourCannotBeDecided() {
        #expect(P.verdict(Self.image(4, 4, fill: 0x336699), in: whole) == .uniform(0xFF33_6699))
        #expect(P.verdict(Self.image(4, 4, fill: 0x000000), in: whole) == .uniform(0xFF00_0000))
        #expect(P.verdict(Self.image(4, 4, fill: 0x000000), in: PixelRect(x: 4, y: 0, width: 2, height: 2)) == .outside)
    }

    @Test func roundingAndToleranceAreATFs() {
        // #959595 on white is 2.9953: rounded 3.00 by Math.round, within 0.01 of 3, so it passes.
        #expect(P.rounded(P.ratio(0xFF95_9595, 0xFFFF_FFFF)) == 3)
        #expect(!P.isBelow(3, required: 3))
        // #969696 is 2.96: 0.04 short fails; 4.49 against 4.5 is within the tolerance.
        #expect(P.rounded(P.ratio(0xFF96_9696, 0xFFFF_FFFF)) == 2.96 && P.isBelow(2.96, required: 3))
        #expect(!P.isBelow(4.49, required: 4.5) && P.isBelow(4.48, required: 4.5))
    }

    @Test func suggestionIsTheNearestLightnessThatPasses() {
        let white = Color(hex: "#FFFFFF")!
        // Grey: one step darker is enough (4.54:1).
        #expect(P.suggestedForeground(Color(hex: "#777777")!, background: white, required: 4.5)?.hexCode == "#767676")
        // Red keeps its hue: #EE0000 is 4.53:1, #EF0000 only 4.497:1.
        #expect(P.suggestedForeground(Color(hex: "#FF0000")!, background: white, required: 4.5)?.hexCode == "#EE0000")
        // On black the nearest passing colour is lighter: #777777 on black is 4.69; 7:1 needs #959595 (7.01).
        #expect(P.suggestedForeground(Color(hex: "#777777")!, background: Color(hex: "#000000")!, required: 7)?.hexCode == "#959595")
        // Mid grey on mid grey cannot reach 7:1 in either direction.
        #expect(P.suggestedForeground(Color(hex: "#777777")!, background: Color(hex: "#777777")!, required: 7) == nil)
        // Already passing: itself.
        #expect(P.suggestedForeground(Color(hex: "#000000")!, background: white, required: 4.5)?.hexCode == "#000000")
    }
}
