import Testing
@testable import A11yCore

/// The byte-level formatters used in finding messages give exactly what the plain
/// String-building versions give.
@Suite struct FindingTextTests {
    /// `NumberText.format` as first written: String arithmetic, no buffer.
    static func referenceFormat(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let unit = Int64(scale)
        var text = String(scaled / unit)
        var fraction = String(scaled % unit)
        while fraction.count < places { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return (value < 0 && scaled != 0 ? "-" : "") + text
    }

    @Test func numbersMatchTheReference() {
        let values: [Double] = [0, -0.0, 4.5, 3, 4.48, 2.9953, 21, 0.005, 0.004, -0.004, -12.345, 1e9, 44, 390.25, 0.1, 100.999,
                                .infinity, -.infinity, .nan]
        for value in values {
            for places in 0...3 {
                #expect(NumberText.format(value, places: places) == Self.referenceFormat(value, places: places))
            }
        }
        var x = 0.0
        while x < 30 {
            #expect(NumberText.format(x) == Self.referenceFormat(x, places: 2))
            x += 0.0137
        }
    }

    /// Values a hostile tree can carry (a frame 1e300 wide, a rating of 1e300) are printed as
    /// Swift prints the Double once the scaled value passes Int64 (where converting traps);
    /// below that, the digits are the reference's.
    @Test func hugeNumbersArePrintedNotTrapped() {
        let values: [Double] = [9_007_199_254_740_992, 1e14, 1.2345678901234568e17, 9.2e18, 1e19, 1e300, -1e300,
                                .greatestFiniteMagnitude]
        for value in values {
            var scale = 1.0
            for places in 0...3 {
                let expected = abs(value) * scale < 9_223_372_036_854_775_808 ? Self.referenceFormat(value, places: places) : String(value)
                #expect(NumberText.format(value, places: places) == expected)
                scale *= 10
            }
        }
        #expect(NumberText.format(1e14) == "100000000000000")
        #expect(NumberText.oneDecimal(1e300) == "1e+300")
        #expect(NumberText.oneDecimal(4.5) == "4.5")
    }

    @Test func hexCodesMatchHex() {
        var colors = [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 1, blue: 1), Color(red: 0.5, green: 0.25, blue: 0.75, alpha: 0.5),
                      Color(red: 1, green: 0, blue: 0, alpha: 0), Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1.5),
                      Color(red: 1.2, green: -0.1, blue: 0.5), Color(red: 0.5, green: 0.5, blue: 0.5, alpha: -0.5)]
        for v in stride(from: 0.0, through: 1.0, by: 1.0 / 510) {
            colors.append(Color(red: v, green: 1 - v, blue: v / 2, alpha: v))
        }
        for color in colors { #expect(color.hexCode == color.hex) }
    }
}
