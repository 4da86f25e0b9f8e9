import Testing
import A11yJSON

/// JSON strings appended to a line built outside a writer (the access log's).
@Suite("JSON strings on a line")
struct JSONWriterLineTests {
    @Test func stringsAreQuotedAndEscaped() {
        var out: [UInt8] = []
        JSONWriter.appendString("plain /v1/audit", to: &out)
        JSONWriter.appendString("a\"b\\c\n\u{1}", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""plain /v1/audit""a\"b\\c\n\u0001""#)
    }
}
