import Testing
@testable import HTTPServer

@Suite("JSON text of the transport")
struct JSONTextTests {
    @Test func stringsAreQuotedAndEscaped() {
        var out: [UInt8] = []
        JSONText.appendString("plain /v1/audit", to: &out)
        JSONText.appendString("a\"b\\c\n\u{1}", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""plain /v1/audit""a\"b\\c\n\u0001""#)
    }
}
