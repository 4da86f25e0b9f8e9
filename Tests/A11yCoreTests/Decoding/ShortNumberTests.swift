import Testing
@testable import A11yCore

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

    /// Frames take the short read inside the compact frame shape and outside it; both give the
    /// full conversion's values, and a bad number fails the same way in either shape.
    @Test(arguments: ["0.5", "-12.75", "358", "1234567.1234567", "1e2", "2.5E-1", "0.1234567890123456"])
    func framesReadShortAndLongNumbersAlike(text: String) throws {
        let expected = try #require(Double(text))
        for json in [#"{"root":{"frame":{"x":\#(text),"y":\#(text),"width":1,"height":1}}}"#,
                     #"{"root": {"frame": {"x": \#(text), "y": \#(text), "width": 1, "height": 1}}}"#] {
            let frame = try Tree.decode(json).nodes[0].frame
            #expect(frame?.x.bitPattern == expected.bitPattern, "\(json)")
            #expect(frame?.y.bitPattern == expected.bitPattern, "\(json)")
        }
    }

    @Test(arguments: [
        // The number, the message, and where in the number the reader finds the fault.
        ("1.", "malformed JSON: expected a digit after '.' in number, found ','", 2),
        ("1.e5", "malformed JSON: expected a digit after '.' in number, found 'e'", 2),
        ("01", "malformed JSON: leading zeros are not allowed in numbers", 0),
        ("-", "malformed JSON: expected a digit after '-', found ','", 1),
        ("1e400", "number out of range", 0),
    ])
    func badFrameNumbersFailAsBefore(text: String, message: String, offset: Int) throws {
        for (json, x) in [(#"{"root":{"frame":{"x":\#(text),"y":0,"width":1,"height":1}}}"#, 22),
                          (#"{"root": {"frame": {"x": \#(text), "y": 0, "width": 1, "height": 1}}}"#, 25)] {
            let error = try #require(Tree.failure(json))
            #expect(error.pointer == "/root/frame/x")
            #expect(error.kind == (message == "number out of range" ? .invalidValue : .syntax))
            #expect(error.message == "\(message) (byte \(x + offset))", "\(json)")
        }
    }
}
