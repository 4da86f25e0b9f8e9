import A11yModel

/// Contrast measured from a screenshot's pixels, as Android's Accessibility Test Framework
/// (ATF) measures it (`ContrastSwatch`, `ContrastUtils`, the heavyweight evaluation of
/// `TextContrastCheck` and `ImageContrastCheck`):
///
/// 1. The element's pixels: its frame in screenshot pixels, clipped to the image.
/// 2. The colour histogram: each distinct colour and how many pixels have it.
/// 3. Separation: the average luminance of the *distinct* colours (not weighted by count)
///    splits them into dark and light; the most frequent dark colour and the most frequent
///    light colour are the pair, the more frequent of the two is the background, the other
///    the foreground. One colour only: background and foreground are the same.
/// 4. The ratio of the pair (WCAG luminance), rounded to two decimals, is compared with
///    the requirement with ATF's tolerance: it fails only when `required - ratio > 0.01`.
///
/// Pure functions over an RGBA buffer (`RGBAImage`) and a `PixelRect`; the rules turn their
/// verdicts into findings.
enum PixelContrast {
    /// ATF's `CONTRAST_TOLERANCE`: a rounded ratio within 0.01 below the requirement passes.
    static let tolerance = 0.01

    /// A colour as ATF keys its histogram: 0xAARRGGBB.
    typealias ARGB = UInt32

    /// The background and the foreground colours ATF separates, with their rounded ratios.
    struct Swatch: Equatable {
        var background: ARGB
        /// At least one; the first is the one reported. Equal to `background` when the
        /// pixels have one colour.
        var foregrounds: [ARGB]
        /// `ratio(background, foregrounds[i])` rounded to two decimals, as ATF reports it.
        var ratios: [Double]
    }

    /// The histogram of the pixels in `rect` (clipped to the image): distinct colours in
    /// ascending order of their ARGB value read as a signed 32-bit number (ATF sorts Java
    /// ints; its ties are broken in this order), each with its count.
    static func histogram(_ image: RGBAImage, in rect: PixelRect) -> [(color: ARGB, count: Int)] {
        let area = clipped(rect, width: image.width, height: image.height)
        guard area.width > 0, area.height > 0 else { return [] }
        // Counted in a dictionary, a run of equal pixels at a time (flat areas are most of a
        // screen), then ordered by the signed value: no sort of every pixel.
        var counts: [UInt32: Int] = [:]
        image.pixels.withUnsafeBufferPointer { bytes in
            for row in area.y..<(area.y + area.height) {
                var at = (row * image.width + area.x) * 4
                var run: UInt32 = 0, length = 0
                for _ in 0..<area.width {
                    let argb = UInt32(bytes[at + 3]) << 24 | UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
                    at += 4
                    if argb == run && length > 0 { length += 1; continue }
                    if length > 0 { counts[run, default: 0] += length }
                    run = argb; length = 1
                }
                if length > 0 { counts[run, default: 0] += length }
            }
        }
        return counts.map { (color: $0.key, count: $0.value) }
            .sorted { Int32(bitPattern: $0.color) < Int32(bitPattern: $1.color) }
    }

    /// The part of `rect` inside a `width` x `height` image (zero width or height when none is).
    static func clipped(_ rect: PixelRect, width w: Int, height h: Int) -> PixelRect {
        let left = max(0, rect.x), top = max(0, rect.y)
        let right = min(w, rect.x + rect.width), bottom = min(h, rect.y + rect.height)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// ATF's single-foreground separation (`ContrastSwatch` without enhanced evaluation).
    /// Nil for no pixels.
    static func swatch(_ histogram: [(color: ARGB, count: Int)]) -> Swatch? {
        guard let first = histogram.first else { return nil }
        guard histogram.count > 1 else { return Swatch(background: first.color, foregrounds: [first.color], ratios: [1]) }
        // Not weighted by count: each distinct colour counts once.
        let average = histogram.reduce(0.0) { $0 + luminance($1.color) } / Double(histogram.count)
        var dark: (color: ARGB, count: Int)?, light: (color: ARGB, count: Int)?
        for entry in histogram {
            if luminance(entry.color) < average {
                if entry.count > (dark?.count ?? 0) { dark = entry }
            } else if entry.count > (light?.count ?? 0) {
                light = entry
            }
        }
        // Two or more distinct colours always have one below the average and one at or above it.
        guard let dark, let light else { return Swatch(background: first.color, foregrounds: [first.color], ratios: [1]) }
        let (background, foreground) = light.count > dark.count ? (light.color, dark.color) : (dark.color, light.color)
        return Swatch(background: background, foregrounds: [foreground], ratios: [rounded(ratio(background, foreground))])
    }

    /// ATF's luminance of an 8-bit colour (alpha ignored, as ATF ignores it).
    static func luminance(_ c: ARGB) -> Double {
        ContrastMath.luminance(color(c))
    }

    static func ratio(_ a: ARGB, _ b: ARGB) -> Double {
        ContrastMath.ratio(color(a), color(b))
    }

    /// Two decimals, as `ContrastSwatch.getContrastRatios` rounds (`Math.round(r * 100) / 100`).
    static func rounded(_ ratio: Double) -> Double { (ratio * 100 + 0.5).rounded(.down) / 100 }

    /// Opaque `Color` of an ARGB value.
    static func color(_ c: ARGB) -> Color {
        Color(red: Double(c >> 16 & 0xFF) / 255, green: Double(c >> 8 & 0xFF) / 255, blue: Double(c & 0xFF) / 255)
    }

    /// Fails ATF's comparison: `required - ratio > tolerance` on the rounded ratio.
    static func isBelow(_ ratio: Double, required: Double) -> Bool { required - ratio > tolerance }

    /// What the pixels say about an element.
    enum Verdict: Equatable {
        /// The pair measured; `ratio` is ATF's rounded figure.
        case measured(foreground: ARGB, background: ARGB, ratio: Double)
        /// Every pixel has one colour: nothing to separate. Black is what Android paints
        /// over secure windows (`FLAG_SECURE`), so its content is hidden, not missing.
        case uniform(ARGB)
        /// The frame lies outside the screenshot or has no pixels.
        case outside
    }

    static func verdict(_ image: RGBAImage, in rect: PixelRect) -> Verdict {
        guard let swatch = swatch(histogram(image, in: rect)) else { return .outside }
        guard swatch.foregrounds[0] != swatch.background else { return .uniform(swatch.background) }
        return .measured(foreground: swatch.foregrounds[0], background: swatch.background, ratio: swatch.ratios[0])
    }

    // MARK: Suggested colour

    /// The nearest foreground that meets `required` against `background`: the colour with
    /// the same HSL hue and saturation whose lightness is closest to the foreground's and
    /// whose contrast, after rounding to 8-bit channels, is at least `required` (unrounded).
    /// Lightening and darkening are both tried; the smaller change in lightness wins (a tie
    /// goes to darkening). Nil when neither end, white or black of that hue, is enough.
    static func suggestedForeground(_ foreground: Color, background: Color, required: Double) -> Color? {
        let (h, s, l) = hsl(foreground)
        let backgroundLuminance = ContrastMath.luminance(background)
        func candidate(_ lightness: Double) -> Levels { Levels(rgb(h: h, s: s, l: lightness)) }
        func passes(_ lightness: Double) -> Bool {
            ContrastMath.ratio(luminances: candidate(lightness).luminance, backgroundLuminance) >= required
        }
        if passes(l) { return candidate(l).color }
        // Lightness changes each channel monotonically, so contrast grows monotonically
        // away from the background's side: bisect for the smallest change that passes.
        func search(towards end: Double) -> Double? {
            guard passes(end) else { return nil }
            var near = l, far = end
            for _ in 0..<40 {
                let mid = (near + far) / 2
                if passes(mid) { far = mid } else { near = mid }
            }
            return far
        }
        let darker = search(towards: 0), lighter = search(towards: 1)
        switch (darker, lighter) {
        case (nil, nil): return nil
        case (let d?, nil): return candidate(d).color
        case (nil, let u?): return candidate(u).color
        case (let d?, let u?): return candidate(l - d <= u - l ? d : u).color
        }
    }

    /// A colour as a hex code writes it: each channel one of 256 levels (0...255).
    struct Levels: Equatable {
        var red: Int, green: Int, blue: Int

        /// Each channel of `c`, clamped to 0...1, at the nearest level.
        init(_ c: Color) {
            red = Self.level(c.red); green = Self.level(c.green); blue = Self.level(c.blue)
        }

        /// The nearest of 256 levels to `v` clamped to 0...1; a half goes up, as `rounded()` rounds.
        static func level(_ v: Double) -> Int {
            let scaled = max(0, min(1, v)) * 255
            let whole = Int(scaled)
            return scaled - Double(whole) >= 0.5 ? whole + 1 : whole
        }

        var color: Color { Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255) }

        /// WCAG luminance, the same figure `ContrastMath.luminance(color)` gives.
        var luminance: Double { ContrastMath.luminance(levels: red, green, blue) }
    }

    static func hsl(_ c: Color) -> (h: Double, s: Double, l: Double) {
        let mx = max(c.red, c.green, c.blue), mn = min(c.red, c.green, c.blue)
        let l = (mx + mn) / 2
        guard mx > mn else { return (0, 0, l) }
        let d = mx - mn
        let s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn)
        var h: Double
        if mx == c.red { h = (c.green - c.blue) / d + (c.green < c.blue ? 6 : 0) }
        else if mx == c.green { h = (c.blue - c.red) / d + 2 }
        else { h = (c.red - c.green) / d + 4 }
        h /= 6
        return (h, s, l)
    }

    static func rgb(h: Double, s: Double, l: Double) -> Color {
        guard s > 0 else { return Color(red: l, green: l, blue: l) }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func channel(_ t0: Double) -> Double {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 1.0 / 2 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return Color(red: channel(h + 1.0 / 3), green: channel(h), blue: channel(h - 1.0 / 3))
    }
}
