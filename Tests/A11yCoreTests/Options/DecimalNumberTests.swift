import Testing
@testable import A11yCore
@testable import A11yImport
@testable import A11yOptions

/// The one reader of numbers people type (flags, query parameters, A11Y_AUDIT_* variables).
@Suite struct DecimalNumberTests {
    @Test func plainDecimalTextIsANumber() {
        #expect(DecimalNumber.double("2.625") == 2.625)
        #expect(DecimalNumber.double("48") == 48)
        #expect(DecimalNumber.double("-1.5") == -1.5)
        #expect(DecimalNumber.double("0.1") == 0.1)
        #expect(DecimalNumber.double("007") == 7)
        #expect(DecimalNumber.integer("65535") == 65_535)
        #expect(DecimalNumber.integer("-3") == -3)
    }

    @Test func everythingElseSwiftWouldTakeIsRefused() {
        let refused = ["4.9e-324", "1e3", "1E3", "0x10", "0X10", "0b1", "inf", "-inf", "infinity", "nan", "NaN", "+1", ".5", "5.",
                       "-", "", " 1", "1 ", "1_000", "1,5", "\u{0661}", "\u{FF11}", "1.2.3", "--1", "0x1p3"]
        for text in refused {
            #expect(DecimalNumber.double(text) == nil, "\(text)")
            #expect(DecimalNumber.integer(text) == nil, "\(text)")
        }
        // Integers have no fraction; digits beyond Int are no Int.
        #expect(DecimalNumber.integer("2.0") == nil)
        #expect(DecimalNumber.integer("99999999999999999999") == nil)
    }

    @Test func textIsBoundedSoNoRunOfDigitsReachesTheExtremes() {
        // 4.9e-324 written out, or 1e309, would be a subnormal or an infinity: too long to be read.
        #expect(DecimalNumber.double("0." + String(repeating: "0", count: 323) + "49") == nil)
        #expect(DecimalNumber.double("1" + String(repeating: "0", count: 309)) == nil)
        #expect(DecimalNumber.double(String(repeating: "9", count: DecimalNumber.maxLength)) != nil)
        #expect(DecimalNumber.double(String(repeating: "9", count: DecimalNumber.maxLength + 1)) == nil)
    }

    @Test func rangesAreChecked() {
        #expect(DecimalNumber.double("0.1", in: AndroidDensity.acceptedRange) == 0.1)
        #expect(DecimalNumber.double("100", in: AndroidDensity.acceptedRange) == 100)
        #expect(DecimalNumber.double("0.09", in: AndroidDensity.acceptedRange) == nil)
        #expect(DecimalNumber.double("100.01", in: AndroidDensity.acceptedRange) == nil)
        #expect(DecimalNumber.integer("0", in: 1...1_024) == nil)
        #expect(DecimalNumber.integer("1024", in: 1...1_024) == 1_024)
    }
}
