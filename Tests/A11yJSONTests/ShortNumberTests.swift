import Testing
import A11yTestSupport
@testable import A11yJSON

/// `JSONReader.shortNumber`, the inline read of short integers and decimals: it must give
/// exactly what the full grammar gives, and leave everything else (errors included) to it.
@Suite struct ShortNumberTests {
    /// The short read alone: its value and where it stopped, or nil with nothing consumed.
    private func short(_ text: String) -> (value: Double, end: Int)? {
        Array(text.utf8).withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            guard let value = reader.shortNumber() else {
                #expect(reader.offset == 0, "consumed input before giving up: \(text)")
                return nil
            }
            return (value, reader.offset)
        }
    }

    @Test(arguments: [
        "0", "-0", "7", "-7", "16", "390", "844", "-20", "123456789", "123456789012345", "-999999999999999",
        "0.5", "-0.5", "0.0", "-0.0", "12.0", "1.25", "17.125", "-2.25", "0.1", "0.2", "0.3", "0.000001",
        "99999999.5", "1234567.1234567", "3.14159265358979", "0.30000000000000", "12345678901234.5",
    ])
    func readsShortNumbersExactly(text: String) throws {
        let expected = try #require(Double(text))
        // Followed by each byte that may end a number in a document, and by the end of input.
        for suffix in ["", ",", "]", "}", " ", "\n"] {
            let read = try #require(short(text + suffix), "\(text + suffix)")
            #expect(read.value.bitPattern == expected.bitPattern, "\(text + suffix)")
            #expect(read.end == text.utf8.count)
        }
    }

    @Test(arguments: [
        // Exponents, more than 15 digits and bad forms go to the full grammar.
        "1e5", "1E5", "1.5e3", "2.5E+3", "0e0", "1234567890123456", "-1234567890123456", "0.1234567890123456",
        "12345678.12345678", "01", "-01", "00", "00.5", "1.", "1.e5", "-", "-a", ".5", "+1", "a", "", "\"1\"",
    ])
    func leavesEverythingElseToTheFullGrammar(text: String) {
        #expect(short(text) == nil, "\(text)")
    }

    @Test func randomShortDecimalsMatchSwiftConversionBitForBit() throws {
        var random = SplitMix64(state: 11)
        for _ in 0..<20_000 {
            var text = Bool.random(using: &random) ? "-" : ""
            let integerDigits = Int.random(in: 1...9, using: &random)
            text += String(Int.random(in: integerDigits == 1 ? 0...9 : 1...9, using: &random))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
            if Bool.random(using: &random) {
                text += "."
                for _ in 0..<Int.random(in: 1...(15 - integerDigits), using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
            }
            let expected = try #require(Double(text))
            let read = try #require(short(text + ","), "\(text)")
            #expect(read.value.bitPattern == expected.bitPattern, "\(text)")
        }
    }
}
