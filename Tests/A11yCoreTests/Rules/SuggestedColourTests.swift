import Testing
@testable import A11yModel
@testable import A11yRules

/// The suggested foreground reads its candidates as 8-bit levels and their luminance from the
/// per-level table: the same colours, to the bit, as rounding each channel with `rounded()`
/// and measuring the colour with `ContrastMath`.
@Suite struct SuggestedColourTests {
    typealias P = PixelContrast

    /// A deterministic stream of numbers in 0..<1 (a 64-bit LCG's top 53 bits).
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        /// A colour of any channels (a blend with opacity gives these).
        mutating func colour() -> Color { Color(red: next(), green: next(), blue: next()) }
        mutating func byteColour() -> Color {
            Color(red: Double(Int(next() * 256)) / 255, green: Double(Int(next() * 256)) / 255, blue: Double(Int(next() * 256)) / 255)
        }
    }

    /// Each channel as a hex code rounds it: `(c * 255).rounded()` of the clamped channel.
    static func rounded(_ v: Double) -> Int { Int((max(0, min(1, v)) * 255).rounded()) }

    @Test func levelsRoundHalvesUpAsRoundedDoes() {
        var values: [Double] = [-1, -0.0, 0, 1, 2, 0.49999999999999994 / 255, 0.5 / 255, .ulpOfOne, -.ulpOfOne]
        for k in 0...255 {
            let half = (Double(k) + 0.5) / 255, exact = Double(k) / 255
            values += [half, half.nextUp, half.nextDown, exact, exact.nextUp, exact.nextDown]
        }
        var numbers = Numbers(state: 7)
        for _ in 0..<2_000 { values.append(numbers.next()) }
        for v in values {
            #expect(P.Levels.level(v) == Self.rounded(v), "channel \(v)")
        }
    }

    @Test func luminanceOfLevelsIsTheColoursLuminance() {
        for k in 0...255 {
            let grey = Color(red: Double(k) / 255, green: Double(k) / 255, blue: Double(k) / 255)
            #expect(ContrastMath.luminance(levels: k, k, k) == ContrastMath.luminance(grey))
        }
        var numbers = Numbers(state: 11)
        for _ in 0..<2_000 {
            let c = numbers.byteColour()
            let levels = P.Levels(c)
            #expect(levels.color == c)
            #expect(levels.luminance == ContrastMath.luminance(c))
        }
    }

    /// The suggestion as first written: candidates rounded with `rounded()` and compared with
    /// `ContrastMath.ratio` against the background each time.
    static func plainSuggestion(_ foreground: Color, background: Color, required: Double) -> Color? {
        let (h, s, l) = P.hsl(foreground)
        func candidate(_ lightness: Double) -> Color {
            let c = P.rgb(h: h, s: s, l: lightness)
            func q(_ v: Double) -> Double { (max(0, min(1, v)) * 255).rounded() / 255 }
            return Color(red: q(c.red), green: q(c.green), blue: q(c.blue))
        }
        func passes(_ lightness: Double) -> Bool { ContrastMath.ratio(candidate(lightness), background) >= required }
        if passes(l) { return candidate(l) }
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
        case (let d?, nil): return candidate(d)
        case (nil, let u?): return candidate(u)
        case (let d?, let u?): return candidate(l - d <= u - l ? d : u)
        }
    }

    @Test func suggestionsAreThoseOfThePlainSearch() {
        var numbers = Numbers(state: 2026)
        var suggested = 0, none = 0
        for i in 0..<1_500 {
            let foreground = i % 4 == 0 ? numbers.colour() : numbers.byteColour()
            let background = i % 8 == 1 ? numbers.colour() : numbers.byteColour()
            // The rules' requirements, and others in between.
            let required = [3, 4.5, 7][i % 3] + (i % 2 == 0 ? 0 : numbers.next() * 4)
            let fast = P.suggestedForeground(foreground, background: background, required: required)
            let plain = Self.plainSuggestion(foreground, background: background, required: required)
            #expect(fast == plain, "\(foreground.hexCode) on \(background.hexCode) at \(required)")
            if fast == nil { none += 1 } else { suggested += 1 }
        }
        // Both outcomes are exercised.
        #expect(suggested > 100 && none > 100)
    }
}
