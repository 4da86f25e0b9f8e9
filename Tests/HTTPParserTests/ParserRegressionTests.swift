import Testing
import HTTPParser

/// Inputs the fuzzers or the conformance work found, kept as tests.
@Suite("Parser regressions found by fuzzing")
struct ParserRegressionTests {
    /// fuzz-http: a control byte arriving after part of a line had been read waited for the
    /// line end (or the header timeout) instead of failing at once.
    @Test(arguments: [[0x16, 0x03, 0x01] as [UInt8], [0x00], [0x7F], Array("a\u{1}".utf8)])
    func controlByteAfterAPrefixFailsAtOnce(_ tail: [UInt8]) {
        let prefix = Array("GET /hello".utf8)
        let bytes = prefix + tail
        var head = RequestHead()
        let first = prefix.withUnsafeBytes { RequestHeadParser.parse($0, limits: HeadLimits(), into: &head) }
        #expect(first == .needMore)
        let second = bytes.withUnsafeBytes {
            RequestHeadParser.parse($0, previousLength: prefix.count, limits: HeadLimits(), into: &head)
        }
        #expect(second == .failed(ParseError(400, "malformed request target")))
    }

    /// Printable junk inside a line still waits for the line end (no per-byte rescans), and
    /// then gets the same verdict as a whole parse.
    @Test func printableErrorSurfacesAtTheLineEnd() {
        let prefix = Array("GET /hello".utf8)
        let partial = prefix + Array("\u{80}x".utf8)
        let complete = partial + Array(" HTTP/1.1\r\n".utf8)
        var head = RequestHead()
        let waiting = partial.withUnsafeBytes {
            RequestHeadParser.parse($0, previousLength: prefix.count, limits: HeadLimits(), into: &head)
        }
        #expect(waiting == .needMore)
        let failed = complete.withUnsafeBytes {
            RequestHeadParser.parse($0, previousLength: partial.count, limits: HeadLimits(), into: &head)
        }
        #expect(failed == .failed(ParseError(400, "malformed request target")))
    }

    /// conformance-diff: h11 and httptools both refuse an empty Transfer-Encoding element;
    /// we accepted "chunked,". Framing is where front and back ends must agree.
    @Test(arguments: ["chunked,", ", chunked", "chunked, ,", ""])
    func emptyTransferCodingElementIs400(_ value: String) {
        var head = RequestHead()
        let bytes = Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \(value)\r\n\r\n".utf8)
        let result = bytes.withUnsafeBytes { RequestHeadParser.parse($0, limits: HeadLimits(), into: &head) }
        #expect(result == .failed(ParseError(400, "empty element in Transfer-Encoding")))
    }

    /// conformance-diff: h11 and httptools both refuse whitespace between a chunk size and
    /// its extension; we accepted "5 ;a=b".
    @Test(arguments: ["5 ;a=b\r\n", "5\t;a\r\n", "5 \r\n"])
    func whitespaceAfterAChunkSizeIs400(_ line: String) {
        var decoder = ChunkedDecoder(maxBodyBytes: 1_024)
        var body: [UInt8] = []
        let bytes = Array((line + "hello\r\n0\r\n\r\n").utf8)
        let (_, status) = bytes.withUnsafeBytes { decoder.decode($0, into: &body) }
        #expect(status == .failed(ParseError(400, "invalid chunk size")))
    }
}
