import Foundation
import Testing
import A11yTestSupport
@testable import A11yJSON

@Suite struct JSONReaderTests {
    // MARK: Valid documents

    @Test(arguments: [
        ("{}", JSONTree.object([])),
        ("[]", .array([])),
        (" \t\r\n[ ] \n", .array([])),
        ("\"\"", .string("")),
        ("0", .number(0)),
        ("-0", .number(-0.0)),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("null", .null),
        ("[1,\"a\",true,false,null,{},[]]",
         .array([.number(1), .string("a"), .bool(true), .bool(false), .null, .object([]), .array([])])),
        ("{\"a\":{\"b\":[{\"c\":null}]},\"d\":-1.5e2}",
         .object([.init(key: "a", value: .object([.init(key: "b", value: .array([.object([.init(key: "c", value: .null)])]))])),
                  .init(key: "d", value: .number(-150))])),
        ("{ \"k\" : 1 , \"k\" : 2 }", .object([.init(key: "k", value: .number(1)), .init(key: "k", value: .number(2))])),
    ])
    func parsesValidDocuments(text: String, expected: JSONTree) throws {
        #expect(try parseJSON(text) == expected)
        try skipJSON(text)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        guard case .number(let value) = try parseJSON("-0.0") else { Issue.record("not a number"); return }
        #expect(value == 0 && value.sign == .minus)
    }

    @Test func skipsLeadingByteOrderMarkOnly() throws {
        #expect(try parseJSON([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
        // A BOM anywhere else is just an unexpected byte.
        let error = syntaxError(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("1".utf8))
        #expect(error.tree?.offset == 1)
        #expect(error.skip == error.tree)
    }

    // MARK: Grammar errors, with messages and offsets

    @Test(arguments: [
        ("", "unexpected end of input, expected a value", 0),
        ("   ", "unexpected end of input, expected a value", 3),
        ("[1,]", "trailing comma in array", 3),
        ("{\"a\":1,}", "trailing comma in object", 7),
        ("{\"a\":1 , }", "trailing comma in object", 9),
        ("[,1]", "expected a value, found ','", 1),
        ("[1,,2]", "expected a value, found ','", 3),
        ("{,}", "expected a string key or '}', found ','", 1),
        ("[1 2]", "expected ',' or ']' after array element, found '2'", 3),
        ("{\"a\":1 \"b\":2}", "expected ',' or '}' after object member, found '\"'", 7),
        ("{\"a\" 1}", "expected ':' after object key, found '1'", 5),
        ("{\"a\":1]", "expected ',' or '}' after object member, found ']'", 6),
        ("[1}", "expected ',' or ']' after array element, found '}'", 2),
        ("{1:2}", "expected a string key or '}', found '1'", 1),
        ("{'a':1}", "expected a string key or '}', found '''", 1),
        ("{\"a\":1", "unexpected end of input, expected ',' or '}' after object member", 6),
        ("[1", "unexpected end of input, expected ',' or ']' after array element", 2),
        ("[", "unexpected end of input, expected a value", 1),
        ("{\"a\":", "unexpected end of input, expected a value", 5),
        ("{\"a\"", "unexpected end of input, expected ':' after object key", 4),
        ("1 2", "unexpected data after the top-level value", 2),
        ("{} x", "unexpected data after the top-level value", 3),
        ("[] []", "unexpected data after the top-level value", 3),
        ("tru", "invalid literal, expected 'true'", 0),
        ("True", "expected a value, found 'T'", 0),
        ("nul", "invalid literal, expected 'null'", 0),
        ("[nulL]", "invalid literal, expected 'null'", 1),
        ("falsey", "unexpected data after the top-level value", 5),
        ("[truex]", "expected ',' or ']' after array element, found 'x'", 5),
        ("undefined", "expected a value, found 'u'", 0),
        ("\u{0C}1", "expected a value, found byte 0x0C", 0),
    ])
    func rejectsBadGrammar(text: String, message: String, offset: Int) {
        let error = syntaxError(Array(text.utf8))
        let kind: JSONSyntaxError.Kind = message == "number out of range" ? .range : .grammar
        #expect(error.tree == JSONSyntaxError(message: message, offset: offset, kind: kind))
        #expect(error.skip == error.tree)
    }

    // MARK: Numbers

    @Test(arguments: [
        "0", "-0", "1", "-1", "10", "123456789", "9007199254740991", "9007199254740992", "9007199254740993",
        "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
        "0.1", "0.2", "0.3", "1.5", "-2.25", "3.141592653589793", "2.718281828459045235360287",
        "1e0", "1E5", "1e+5", "1e-5", "-1.5E-10", "1e22", "1e23", "1e-22", "1e-23", "123.456e-7",
        "0.0000000000000000000000000001", "1.7976931348623157e308", "2.2250738585072014e-308",
        "4.9e-324", "2e-324", "1e-400", "-1e-400", "0e99999", "0.000e-0", "44", "44.0", "100e-2",
        "9007199254740993e-3", "1234567890123456789e-10", "0.30000000000000004",
    ])
    func numbersMatchSwiftConversion(text: String) throws {
        let expected = try #require(Double(text))
        #expect(try parseJSON(text) == .number(expected))
        guard case .number(let parsed) = try parseJSON(text) else { return }
        #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
    }

    @Test func randomNumbersMatchSwiftConversionBitForBit() throws {
        var random = SplitMix64(state: 7)
        for _ in 0..<20_000 {
            var text = Bool.random(using: &random) ? "-" : ""
            let integerDigits = Int.random(in: 1...20, using: &random)
            text += String(Int.random(in: 1...9, using: &random))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
            if Bool.random(using: &random) {
                text += "."
                for _ in 0..<Int.random(in: 1...18, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                text += ["e", "E", "e-", "e+"].randomElement(using: &random)!
                text += String(Int.random(in: 0...330, using: &random))
            }
            let expected = try #require(Double(text))
            guard expected.isFinite else { continue }
            guard case .number(let parsed) = try parseJSON(text) else { Issue.record("not a number: \(text)"); return }
            #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test(arguments: [
        ("01", "leading zeros are not allowed in numbers", 0),
        ("-01", "leading zeros are not allowed in numbers", 0),
        ("00", "leading zeros are not allowed in numbers", 0),
        ("+1", "expected a value, found '+'", 0),
        (".5", "expected a value, found '.'", 0),
        ("-", "unexpected end of input, expected a digit after '-'", 1),
        ("-a", "expected a digit after '-', found 'a'", 1),
        ("1.", "unexpected end of input, expected a digit after '.' in number", 2),
        ("1.e5", "expected a digit after '.' in number, found 'e'", 2),
        ("1e", "unexpected end of input, expected a digit in number exponent", 2),
        ("1e+", "unexpected end of input, expected a digit in number exponent", 3),
        ("[1E-x]", "expected a digit in number exponent, found 'x'", 4),
        ("NaN", "expected a value, found 'N'", 0),
        ("Infinity", "expected a value, found 'I'", 0),
        ("-Infinity", "expected a digit after '-', found 'I'", 1),
        ("0x10", "unexpected data after the top-level value", 1),
        ("1e400", "number out of range", 0),
        ("[-1.8e308]", "number out of range", 1),
        ("1" + String(repeating: "0", count: 400), "number out of range", 0),
    ])
    func rejectsBadNumbers(text: String, message: String, offset: Int) {
        let error = syntaxError(Array(text.utf8))
        let kind: JSONSyntaxError.Kind = message == "number out of range" ? .range : .grammar
        #expect(error.tree == JSONSyntaxError(message: message, offset: offset, kind: kind))
        // Skipping needs only the grammar: a number beyond Double's range is still JSON, and
        // an ignored field's value is ignored whatever it holds (issue 15).
        #expect(error.skip == (kind == .range ? nil : error.tree))
    }

    // MARK: Strings

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""\" \\ \/ \b \f \n \r \t""#, "\" \\ / \u{8} \u{C} \n \r \t"),
        (#""\u0041\u00e9\u00E9\u20AC""#, "Aéé€"),
        (#""\u0000""#, "\u{0}"),
        (#""\uD83D\uDE00 smile""#, "😀 smile"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""\uFFFF""#, "\u{FFFF}"),
        ("\"héllo wörld €𝄞 – 中文\"", "héllo wörld €𝄞 – 中文"),
        ("\"mixed é \\n and 😀 \\u00e9\"", "mixed é \n and 😀 é"),
        ("\"\u{7F}\"", "\u{7F}"),
        ("\"a long string with no escapes at all, well past fifteen bytes\"", "a long string with no escapes at all, well past fifteen bytes"),
    ])
    func decodesStrings(text: String, expected: String) throws {
        #expect(try parseJSON(text) == .string(expected))
        try skipJSON(text)
    }

    @Test(arguments: [
        (#""abc"#, "unterminated string", 0),
        (#"["abc\"]"#, "unterminated string", 1),
        (#""\"#, "unterminated string", 1),
        (#""\x""#, "invalid escape sequence", 1),
        (#""\'""#, "invalid escape sequence", 1),
        (#""ab\U0041""#, "invalid escape sequence", 3),
        (#"["\u12"]"#, "invalid \\u escape, expected 4 hex digits", 2),
        (#""\u12G4""#, "invalid \\u escape, expected 4 hex digits", 1),
        (#""\u12"#, "incomplete \\u escape", 1),
        (#""\uD800""#, "unpaired high surrogate in \\u escape", 1),
        (#""\uD800 x""#, "unpaired high surrogate in \\u escape", 1),
        (#""\uD800\n""#, "unpaired high surrogate in \\u escape", 1),
        (#""\uD800\u0041""#, "high surrogate not followed by a low surrogate", 1),
        (#""\uD800\uD800""#, "high surrogate not followed by a low surrogate", 1),
        (#""x\uDC00""#, "unpaired low surrogate in \\u escape", 2),
        (#""\uDFFF\uD800""#, "unpaired low surrogate in \\u escape", 1),
    ])
    func rejectsBadEscapes(text: String, message: String, offset: Int) {
        let error = syntaxError(Array(text.utf8))
        let kind: JSONSyntaxError.Kind = message == "number out of range" ? .range : .grammar
        #expect(error.tree == JSONSyntaxError(message: message, offset: offset, kind: kind))
        #expect(error.skip == error.tree)
    }

    @Test(arguments: Array(0x00...0x1F))
    func rejectsRawControlCharacters(byte: Int) {
        // Both before and after an escape (fast and slow scanning paths).
        for prefix in ["\"ab", "\"a\\nb"] {
            let bytes = Array(prefix.utf8) + [UInt8(byte)] + Array("\"".utf8)
            let error = syntaxError(bytes)
            #expect(error.tree == JSONSyntaxError(message: "unescaped control character in string", offset: prefix.utf8.count))
            #expect(error.skip == error.tree)
        }
    }

    @Test(arguments: [
        [0x80],                    // lone continuation byte
        [0xC0, 0x80],              // overlong NUL
        [0xC1, 0xBF],              // overlong
        [0xE0, 0x80, 0xAF],        // overlong 3-byte
        [0xED, 0xA0, 0x80],        // encoded surrogate U+D800
        [0xF0, 0x80, 0x80, 0xAF],  // overlong 4-byte
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],  // invalid lead
        [0xFF],
        [0xE2, 0x82],              // truncated by the closing quote
        [0xE2, 0x28, 0xA1],        // bad continuation
        [0xC3],                    // truncated before the quote
    ] as [[UInt8]])
    func rejectsInvalidUTF8(sequence: [UInt8]) {
        for prefix in ["\"ab", "\"a\\tb", "\"0123456789abcdef"] {
            let bytes = Array(prefix.utf8) + sequence + Array("\"".utf8)
            let error = syntaxError(bytes)
            #expect(error.tree == JSONSyntaxError(message: "invalid UTF-8 in string", offset: prefix.utf8.count))
            #expect(error.skip == error.tree)
        }
    }

    /// The scanner checks 8 bytes at a time: put each kind of special byte at every lane.
    @Test(arguments: 0..<24)
    func findsSpecialBytesAtEveryPositionInAWord(leading: Int) throws {
        let prefix = Array(("\"" + String(repeating: "a", count: leading)).utf8)
        let tail = Array((String(repeating: "b", count: 10) + "\"").utf8)
        let plain = String(repeating: "a", count: leading)
        let b10 = String(repeating: "b", count: 10)
        #expect(try parseJSON(prefix + Array("\"".utf8)) == .string(plain))
        #expect(try parseJSON(prefix + Array("\\n".utf8) + tail) == .string(plain + "\n" + b10))
        #expect(try parseJSON(prefix + [0xC3, 0xA9] + tail) == .string(plain + "é" + b10))
        #expect(throws: JSONSyntaxError(message: "unescaped control character in string", offset: prefix.count)) {
            try parseJSON(prefix + [0x1F] + tail)
        }
        #expect(throws: JSONSyntaxError(message: "invalid UTF-8 in string", offset: prefix.count)) {
            try parseJSON(prefix + [0xFF] + tail)
        }
        #expect(throws: JSONSyntaxError(message: "unterminated string", offset: 0)) {
            try parseJSON(prefix)
        }
    }

    @Test func invalidUTF8OutsideStringsIsAnUnexpectedByte() {
        let error = syntaxError([0x5B, 0xC3, 0xA9, 0x5D])
        #expect(error.tree == JSONSyntaxError(message: "expected a value, found byte 0xC3", offset: 1))
    }

    @Test func enforcesStringLengthLimitOnDecodedBytes() throws {
        #expect(try parseJSON("\"12345678\"", maxStringBytes: 8) == .string("12345678"))
        // Escapes count as the bytes they decode to: \u00e9 is 2 bytes, the pair 4.
        #expect(try parseJSON(#""123456\u00e9""#, maxStringBytes: 8) == .string("123456é"))
        #expect(try parseJSON(#""1234\ud83d\ude00""#, maxStringBytes: 8) == .string("1234😀"))
        for text in ["\"123456789\"", #""1234567\u00e9""#, #""12345\ud83d\ude00""#, #"["ok", "\n12345678"]"#] {
            let error = syntaxError(Array(text.utf8), maxStringBytes: 8)
            #expect(error.tree?.message == "string longer than 8 bytes", "\(text)")
            #expect(error.skip == error.tree)
        }
        let keyError = syntaxError(Array(#"{"a123456789":1}"#.utf8), maxStringBytes: 8)
        #expect(keyError.tree == JSONSyntaxError(message: "string longer than 8 bytes", offset: 1, kind: .limit))
        #expect(keyError.skip == keyError.tree)
        let defaultLimit = syntaxError(Array(("\"" + String(repeating: "x", count: 65537) + "\"").utf8))
        #expect(defaultLimit.tree == JSONSyntaxError(message: "string longer than 65536 bytes", offset: 0, kind: .limit))
    }

    // MARK: Depth

    @Test func hundredThousandNestedArraysFailFastAtTheLimit() {
        let text = Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000)
        let expected = JSONSyntaxError(message: "nesting deeper than 1100 levels", offset: 1100, kind: .limit)
        #expect(throws: expected) { try skipJSON(text) }
        // The same limit applies through the pull API.
        #expect(throws: expected) {
            try text.withUnsafeBytes { buffer in
                var reader = JSONReader(buffer)
                while true { try reader.beginArray() }
            }
        }
    }

    @Test func hundredThousandNestedObjectsFailFastAtTheLimit() {
        let text = Array(String(repeating: "{\"a\":", count: 100_000).utf8) + [UInt8(ascii: "1")]
            + Array(repeating: UInt8(ascii: "}"), count: 100_000)
        let expected = JSONSyntaxError(message: "nesting deeper than 1100 levels", offset: 1100 * 5, kind: .limit)
        #expect(throws: expected) { try skipJSON(text) }
        #expect(throws: expected) {
            try text.withUnsafeBytes { buffer in
                var reader = JSONReader(buffer)
                while true {
                    try reader.beginObject()
                    _ = try reader.nextKey()
                }
            }
        }
    }

    @Test func nestingExactlyAtTheLimitIsAccepted() throws {
        let arrays = String(repeating: "[", count: 1100) + String(repeating: "]", count: 1100)
        try skipJSON(arrays)
        let objects = String(repeating: "{\"a\":", count: 1100) + "null" + String(repeating: "}", count: 1100)
        try skipJSON(objects)
        // Mixed kinds past 64 levels exercise the spilled container stack.
        let mixed = String(repeating: "[{\"k\":", count: 550) + "0" + String(repeating: "}]", count: 550)
        try skipJSON(mixed)
        #expect(throws: JSONSyntaxError(message: "nesting deeper than 1099 levels", offset: 1099, kind: .limit)) {
            try skipJSON(arrays, maxDepth: 1099)
        }
        let mismatched = String(repeating: "[{\"k\":", count: 100) + "0" + String(repeating: "}]", count: 99) + "]}"
        let error = syntaxError(Array(mismatched.utf8))
        #expect(error.tree?.message == "expected ',' or '}' after object member, found ']'")
        #expect(error.skip == error.tree)
    }

    // MARK: Pull API

    @Test func keyBytesPointIntoTheBufferUnlessEscaped() throws {
        let text = Array(#"{"name": 1, "n\u0061me": 2, "x\"y": 3}"#.utf8)
        try text.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            try reader.beginObject()
            guard case .bytes(let plain)? = try reader.nextKeyBytes() else { Issue.record("plain key not as bytes"); return }
            #expect(Array(plain) == Array("name".utf8))
            #expect(plain.baseAddress == buffer.baseAddress! + 2)
            #expect(try reader.readNumber() == 1)
            guard case .text(let escaped)? = try reader.nextKeyBytes() else { Issue.record("escaped key not as text"); return }
            #expect(escaped == "name")
            try reader.skipValue()
            guard case .text(let quote)? = try reader.nextKeyBytes() else { Issue.record("escaped key not as text"); return }
            #expect(quote == "x\"y")
            try reader.skipValue()
            #expect(try reader.nextKeyBytes() == nil)
        }
    }

    @Test func pullAPIWalksADocumentAndReportsOffsets() throws {
        let text = Array(#" {"name": "Sign in", "frame": [1, 2.5], "on": true, "gone": null, "sub": {}} "#.utf8)
        try text.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            #expect(try reader.peek() == .object)
            #expect(reader.offset == 1)
            try reader.beginObject()
            #expect(reader.depth == 1)
            #expect(try reader.nextKey() == "name")
            #expect(try reader.peek() == .string)
            #expect(try reader.readString() == "Sign in")
            #expect(try reader.nextKey() == "frame")
            try reader.beginArray()
            #expect(try reader.nextElement())
            #expect(try reader.readNumber() == 1)
            #expect(try reader.nextElement())
            #expect(try reader.peek() == .number)
            #expect(try reader.readNumber() == 2.5)
            #expect(try reader.nextElement() == false)
            #expect(try reader.nextKey() == "on")
            #expect(try reader.peek() == .bool)
            #expect(try reader.readBool())
            #expect(try reader.nextKey() == "gone")
            #expect(try reader.peek() == .null)
            try reader.readNull()
            #expect(try reader.nextKey() == "sub")
            try reader.beginObject()
            #expect(try reader.nextKey() == nil)
            #expect(try reader.nextKey() == nil)
            #expect(reader.depth == 0)
            try reader.finish()
            #expect(reader.offset == text.count)
        }
    }

    @Test func skipValueLeavesTheReaderReadyForTheNextMember() throws {
        let text = Array(#"{"skip": {"deep": [1, "two", {"x": null}, []], "e": {}}, "keep": [5, {"y": 1}, 6], "last": "z"}"#.utf8)
        try text.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            try reader.beginObject()
            #expect(try reader.nextKey() == "skip")
            try reader.skipValue()
            #expect(reader.depth == 1)
            #expect(try reader.nextKey() == "keep")
            try reader.beginArray()
            #expect(try reader.nextElement())
            try reader.skipValue()
            #expect(try reader.nextElement())
            try reader.skipValue()
            #expect(try reader.nextElement())
            #expect(try reader.readNumber() == 6)
            #expect(try reader.nextElement() == false)
            #expect(try reader.nextKey() == "last")
            try reader.skipValue()
            #expect(try reader.nextKey() == nil)
            try reader.finish()
        }
    }

    @Test func typedReadersRejectOtherKinds() {
        func firstError(_ text: String, _ read: (inout JSONReader) throws(JSONSyntaxError) -> Void) -> JSONSyntaxError? {
            Array(text.utf8).withUnsafeBytes { buffer in
                var reader = JSONReader(buffer)
                do throws(JSONSyntaxError) { try read(&reader) } catch { return error }
                return nil
            }
        }
        #expect(firstError(" 1") { reader throws(JSONSyntaxError) in _ = try reader.readString() }
            == JSONSyntaxError(message: "expected a string, found '1'", offset: 1))
        #expect(firstError("\"1\"") { reader throws(JSONSyntaxError) in _ = try reader.readNumber() }
            == JSONSyntaxError(message: "expected a number, found '\"'", offset: 0))
        #expect(firstError("null") { reader throws(JSONSyntaxError) in _ = try reader.readBool() }
            == JSONSyntaxError(message: "expected true or false, found 'n'", offset: 0))
        #expect(firstError("0") { reader throws(JSONSyntaxError) in try reader.readNull() }
            == JSONSyntaxError(message: "expected null, found '0'", offset: 0))
        #expect(firstError("[]") { reader throws(JSONSyntaxError) in try reader.beginObject() }
            == JSONSyntaxError(message: "expected an object, found '['", offset: 0))
        #expect(firstError("{}") { reader throws(JSONSyntaxError) in try reader.beginArray() }
            == JSONSyntaxError(message: "expected an array, found '{'", offset: 0))
        #expect(firstError("[1]") { reader throws(JSONSyntaxError) in
            try reader.beginArray()
            _ = try reader.nextKey()
        } == JSONSyntaxError(message: "nextKey used outside an object", offset: 1))
        #expect(firstError("{}") { reader throws(JSONSyntaxError) in _ = try reader.nextElement() }
            == JSONSyntaxError(message: "nextElement used outside an array", offset: 0))
        // Reading a value without asking nextElement first still cannot hide a missing ','.
        #expect(firstError("[1 2]") { reader throws(JSONSyntaxError) in
            try reader.beginArray()
            _ = try reader.readNumber()
            _ = try reader.nextElement()
        } == JSONSyntaxError(message: "expected ',' or ']' after array element, found '2'", offset: 3))
        #expect(firstError("[1") { reader throws(JSONSyntaxError) in
            try reader.beginArray()
            try reader.finish()
        } == JSONSyntaxError(message: "unexpected end of document: 1 arrays or objects still open", offset: 1))
    }

    // MARK: Differential against Foundation

    /// Documents both parsers must agree on: same verdict, and the same value when valid.
    static let differentialDocuments: [String] = [
        "{}", "[]", "0", "-0", "1.5", "-1e-7", "1E+2", "123456789012345678", "0.1", "1e308", "5e-324",
        "true", "false", "null", "\"\"", "\"x\"",
        #"{"a": [1, 2, {"b": null}], "c": "d\n\u00e9\ud83d\ude00", "e": {"f": true}}"#,
        #"[{"label": "Sign in", "traits": ["button"], "frame": {"x": 0, "y": 10.5, "width": 44, "height": 44}}]"#,
        #"["\"\\\/\b\f\n\r\t", "\u0000", "€ 中文 😀"]"#,
        " [ 1 , 2 ] ", "[[[[[[]]]]]]",
        // Invalid in both.
        // (Trailing commas are left out: this Foundation accepts "[1,]"; rejectsBadGrammar covers ours.)
        "", " ", "[1 2]", "{\"a\" 1}", "{1: 2}", "01", "+1", ".5", "1.", "1e", "-",
        "NaN", "Infinity", "-Infinity", "tru", "True", "nul", "[", "]", "{", "}", "\"abc", "\"\\x\"",
        "\"\\u12\"", "\"\t\"", "\"\n\"", "1 2", "[] []", "{\"a\":1}}", "[1,,2]", "{,}", "'a'", "0x10",
    ]

    @Test func agreesWithFoundationJSONSerialization() throws {
        for document in Self.differentialDocuments {
            let bytes = Array(document.utf8)
            let ours = try? parseJSON(bytes)
            let theirs = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
                .map(foundationTree)
            #expect(ours?.canonical == theirs, "\(document.debugDescription)")
        }
    }

    @Test func agreesWithFoundationOnInvalidBytes() {
        // Raw invalid UTF-8 and escaped lone surrogates are rejected by both.
        let documents: [[UInt8]] = [
            [0x22, 0xC0, 0x80, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            Array(#""\uDC00""#.utf8),
        ]
        for bytes in documents {
            #expect((try? parseJSON(bytes)) == nil)
            #expect((try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil, "\(bytes)")
        }
    }

    private func foundationTree(_ value: Any) -> JSONTree {
        switch value {
        case let dictionary as [String: Any]:
            return .object(dictionary.map { JSONTree.Member(key: $0.key, value: foundationTree($0.value)) }.sorted { $0.key < $1.key })
        case let array as [Any]:
            return .array(array.map(foundationTree))
        case let string as String:
            return .string(string)
        case is NSNull:
            return .null
        case let number as NSNumber:
            // Foundation boxes booleans as NSNumber too; its type encoding tells them apart.
            if String(cString: number.objCType) == "c" || type(of: value) == Bool.self {
                return .bool(number.boolValue)
            }
            return .number(number.doubleValue)
        default:
            return .string("unexpected \(type(of: value))")
        }
    }
}

// MARK: - Helpers shared with JSONWriterTests


/// A whole JSON document as a value, built with the pull API, so tests can compare results.
indirect enum JSONTree: Equatable, Sendable, CustomStringConvertible {
    struct Member: Equatable, Sendable { var key: String; var value: JSONTree }
    case object([Member])
    case array([JSONTree])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Objects with members sorted by key, for comparing against parsers that keep no order.
    var canonical: JSONTree {
        switch self {
        case .object(let members):
            return .object(members.map { Member(key: $0.key, value: $0.value.canonical) }.sorted { $0.key < $1.key })
        case .array(let elements):
            return .array(elements.map(\.canonical))
        default:
            return self
        }
    }

    var description: String {
        switch self {
        case .object(let members): "{" + members.map { "\($0.key.debugDescription):\($0.value)" }.joined(separator: ",") + "}"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .string(let s): s.debugDescription
        case .number(let d): "\(d)"
        case .bool(let b): "\(b)"
        case .null: "null"
        }
    }

    /// Writes the tree with JSONWriter.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.key(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .string(let s): writer.string(s)
        case .number(let d): writer.number(d)
        case .bool(let b): writer.bool(b)
        case .null: writer.null()
        }
    }
}

/// Reads one value with the pull API (recursion is fine here: test documents are shallow).
func readTree(_ reader: inout JSONReader) throws(JSONSyntaxError) -> JSONTree {
    switch try reader.peek() {
    case .object:
        try reader.beginObject()
        var members: [JSONTree.Member] = []
        while let key = try reader.nextKey() {
            members.append(.init(key: key, value: try readTree(&reader)))
        }
        return .object(members)
    case .array:
        try reader.beginArray()
        var elements: [JSONTree] = []
        while try reader.nextElement() {
            elements.append(try readTree(&reader))
        }
        return .array(elements)
    case .string: return .string(try reader.readString())
    case .number: return .number(try reader.readNumber())
    case .bool: return .bool(try reader.readBool())
    case .null:
        try reader.readNull()
        return .null
    }
}

/// Parses a complete document (value + finish).
func parseJSON(_ bytes: [UInt8], maxDepth: Int = 1100, maxStringBytes: Int = 65536) throws(JSONSyntaxError) -> JSONTree {
    let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(JSONSyntaxError) -> JSONTree in
            var reader = JSONReader(buffer, maxDepth: maxDepth, maxStringBytes: maxStringBytes)
            let tree = try readTree(&reader)
            try reader.finish()
            return tree
        }
    }
    return try result.get()
}

func parseJSON(_ text: String, maxDepth: Int = 1100, maxStringBytes: Int = 65536) throws(JSONSyntaxError) -> JSONTree {
    try parseJSON(Array(text.utf8), maxDepth: maxDepth, maxStringBytes: maxStringBytes)
}

/// Validates a complete document with skipValue + finish.
func skipJSON(_ bytes: [UInt8], maxDepth: Int = 1100, maxStringBytes: Int = 65536) throws(JSONSyntaxError) {
    let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(JSONSyntaxError) in
            var reader = JSONReader(buffer, maxDepth: maxDepth, maxStringBytes: maxStringBytes)
            try reader.skipValue()
            try reader.finish()
        }
    }
    try result.get()
}

func skipJSON(_ text: String, maxDepth: Int = 1100, maxStringBytes: Int = 65536) throws(JSONSyntaxError) {
    try skipJSON(Array(text.utf8), maxDepth: maxDepth, maxStringBytes: maxStringBytes)
}

/// The error both the tree reader and skipValue report (they must agree), or nil when valid.
func syntaxError(_ bytes: [UInt8], maxDepth: Int = 1100, maxStringBytes: Int = 65536) -> (tree: JSONSyntaxError?, skip: JSONSyntaxError?) {
    var treeError: JSONSyntaxError?
    var skipError: JSONSyntaxError?
    do { _ = try parseJSON(bytes, maxDepth: maxDepth, maxStringBytes: maxStringBytes) } catch { treeError = error }
    do { try skipJSON(bytes, maxDepth: maxDepth, maxStringBytes: maxStringBytes) } catch { skipError = error }
    return (treeError, skipError)
}
