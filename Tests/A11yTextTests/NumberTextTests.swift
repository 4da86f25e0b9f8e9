import Testing
import A11yTestSupport
@testable import A11yText

/// The one number writer against Swift's own formatting, at the edges where converting a
/// Double to an integer once trapped: 2^53, Int64's limits, huge, tiny, negative zero.
@Suite struct NumberTextTests {
    static let twoTo53 = 9_007_199_254_740_992.0
    static let twoTo63 = 9_223_372_036_854_775_808.0

    /// Values at every edge a style has, each with its negative.
    static let edges: [Double] = {
        let positive: [Double] = [
            0, 1, 9, 10, 99, 100, 9_999, 10_000, 44, 390, 97.5, 3.55, 2.675, 1.005, 0.1, 0.5, 1.0 / 3.0,
            0.0001, 0.00011, 0.0009999, 0.00009, 99_999_999_999.5, 100_000_000_000.5, 1e11, 1e15, 1e16,
            twoTo53.nextDown, twoTo53 - 1, twoTo53, twoTo53.nextUp, twoTo53 + 4,
            twoTo63.nextDown, twoTo63, twoTo63.nextUp, 18_446_744_073_709_551_616, 1e19, 9.2e18,
            1.2345678901234568e17, 1e300, .greatestFiniteMagnitude,
            .leastNormalMagnitude, .leastNormalMagnitude.nextDown, 1e-310, .leastNonzeroMagnitude, 2.5e-8,
        ]
        return positive + positive.map { -$0 }
    }()

    /// Short decimals (frames, ratios) take a shortcut past Swift's general algorithm.
    static let shortDecimals: [Double] = {
        var random = SplitMix64(state: 7)
        var values: [Double] = []
        for _ in 0..<20_000 {
            var scale = 1.0
            for _ in 0..<Int.random(in: 1...6, using: &random) { scale *= 10 }
            let digits = Int.random(in: -1_000_000_000_000...1_000_000_000_000, using: &random) >> Int.random(in: 0...40, using: &random)
            values.append(Double(digits) / scale)
        }
        return values
    }()

    static func text(_ value: Double, _ style: NumberText.Style) -> String? { NumberText.string(value, style) }

    @Test func swiftStyleIsSwiftsDescription() {
        for value in Self.edges + Self.shortDecimals {
            #expect(Self.text(value, .swift) == String(describing: value), "\(value)")
        }
        // The access log's milliseconds: Double(micros) / 1000.
        for micros in Array(0..<2_000) + Array(stride(from: 2_000, to: 50_000_000, by: 7_919)) + [86_400_000_000, 999_999_999_999, 123_456_789_012_345] {
            let value = Double(micros) / 1_000
            #expect(Self.text(value, .swift) == "\(value)")
        }
    }

    /// JSON: whole numbers below 2^53 without ".0" (negative zero as "0"); the rest as Swift prints them.
    @Test func jsonStyleIsSwiftsDescriptionWithIntegersPlain() {
        for value in Self.edges + Self.shortDecimals + (0..<10_000).map(Double.init) {
            let expected = value.rounded(.towardZero) == value && value.magnitude < Self.twoTo53 ? String(Int64(value)) : String(describing: value)
            #expect(Self.text(value, .json) == expected, "\(value)")
        }
        #expect(Self.text(Self.twoTo53 - 1, .json) == "9007199254740991")
        #expect(Self.text(Self.twoTo53, .json) == "9007199254740992.0")
        #expect(Self.text(-0.0, .json) == "0")
        #expect(Self.text(-0.0, .swift) == "-0.0")
        #expect(Self.text(1e300, .json) == "1e+300")
        #expect(Self.text(-.greatestFiniteMagnitude, .json)?.utf8.count == NumberText.maxLength)
    }

    /// Messages' rounding, as first written with String arithmetic (Int64 where it fits, Swift's text beyond).
    static func referenceRounded(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        guard value.magnitude * scale < twoTo63 else { return String(value) }
        let scaled = Int64((abs(value) * scale).rounded())
        let unit = Int64(scale)
        var text = String(scaled / unit)
        var fraction = String(scaled % unit)
        while fraction.count < places { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return (value < 0 && scaled != 0 ? "-" : "") + text
    }

    @Test func roundedStyleDropsTrailingZeros() {
        var values = Self.edges + [4.48, 2.9953, 21, 0.005, 0.004, -0.004, -12.345, 390.25, 100.999]
        var x = 0.0
        while x < 30 { values.append(x); x += 0.0137 }
        for value in values {
            for places in 0...3 {
                #expect(Self.text(value, .rounded(places: places)) == Self.referenceRounded(value, places: places), "\(value) \(places)")
            }
        }
        #expect(Self.text(4.5, .rounded(places: 2)) == "4.5")
        #expect(Self.text(4.476, .rounded(places: 2)) == "4.48")
        #expect(Self.text(-0.004, .rounded(places: 2)) == "0")
        #expect(Self.text(1e300, .rounded(places: 0)) == "1e+300")
    }

    @Test func oneDecimalStyleRoundsTiesToEven() {
        let cases: [(Double, String)] = [
            (4.5, "4.5"), (4, "4.0"), (0.25, "0.2"), (0.75, "0.8"), (-0.04, "0.0"), (-0.06, "-0.1"), (-0.0, "0.0"),
            (Self.twoTo53, "9007199254740992.0"), (1e300, "1e+300"), (.leastNonzeroMagnitude, "0.0"),
        ]
        for (value, expected) in cases { #expect(Self.text(value, .oneDecimal) == expected, "\(value)") }
    }

    /// HTML: two decimals, never exponent form; far off any canvas clamped to ±1e15.
    @Test func markupStyleNeverUsesExponents() {
        let cases: [(Double, String)] = [
            (12.5, "12.5"), (3, "3"), (1.05, "1.05"), (0.005, "0.01"), (-0.0, "0"), (-0.001, "0"), (-2.25, "-2.25"),
            (1e14, "100000000000000"), (1.1e27, "1000000000000000.0"), (-3e300, "-1000000000000000.0"),
            (.greatestFiniteMagnitude, "1000000000000000.0"), (.leastNonzeroMagnitude, "0"),
        ]
        for (value, expected) in cases { #expect(Self.text(value, .markup) == expected, "\(value)") }
        for value in Self.edges where value.magnitude < 1e13 {
            #expect(Self.text(value, .markup) == Self.referenceRounded(value, places: 2), "\(value)")
        }
    }

    /// No style can say NaN or infinity: the writer refuses them and writes nothing.
    @Test(arguments: [Double.nan, -Double.nan, .infinity, -.infinity])
    func nonFiniteValuesAreRefused(value: Double) {
        for style: NumberText.Style in [.json, .swift, .rounded(places: 2), .oneDecimal, .markup] {
            #expect(NumberText.string(value, style) == nil)
            var bytes: [UInt8] = [1]
            #expect(!NumberText.append(value, style, to: &bytes))
            #expect(bytes == [1])
        }
    }

    @Test func integersAreTheirDigits() {
        var values = [Int.min, Int.min + 1, Int.max, Int.max - 1, 0, -1, 1, 9, 10, 99, 100, 9_999, 10_000, -10_000]
        var power = 1
        for _ in 0..<18 { power *= 10; values += [power - 1, power, power + 1, -power] }
        for value in values {
            var bytes: [UInt8] = Array("x".utf8)
            NumberText.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value))
        }
    }
}
