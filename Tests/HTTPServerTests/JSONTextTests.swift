import Testing
@testable import HTTPServer

@Suite("JSON text of the transport")
struct JSONTextTests {
    @Test(arguments: [0, 7, 9, 10, 99, 100, 12_345, 1_000_000_007, -1, -42, Int.max, Int.min])
    func integersAreTheirDecimalDigits(value: Int) {
        var out: [UInt8] = []
        JSONText.appendInteger(value, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == String(value))
    }

    @Test func stringsAreQuotedAndEscaped() {
        var out: [UInt8] = []
        JSONText.appendString("plain /v1/audit", to: &out)
        JSONText.appendString("a\"b\\c\n\u{1}", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""plain /v1/audit""a\"b\\c\n\u0001""#)
    }
}
