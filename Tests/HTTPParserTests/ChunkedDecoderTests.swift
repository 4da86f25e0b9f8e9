import Testing
import HTTPParser

private func decode(_ chunks: [String], maxBody: Int = 1 << 20) -> (body: String, status: ChunkedDecoder.Status, rest: String) {
    var decoder = ChunkedDecoder(maxBodyBytes: maxBody)
    var body: [UInt8] = []
    var status = ChunkedDecoder.Status.needMore
    var rest = ""
    for chunk in chunks {
        let bytes = Array(chunk.utf8)
        let (consumed, result) = bytes.withUnsafeBytes { decoder.decode($0, into: &body) }
        status = result
        if result != .needMore {
            rest = String(decoding: bytes[consumed...], as: UTF8.self)
            break
        }
        #expect(consumed == bytes.count)
    }
    return (String(decoding: body, as: UTF8.self), status, rest)
}

private func failure(_ text: String, maxBody: Int = 1 << 20) -> Int? {
    if case .failed(let error) = decode([text], maxBody: maxBody).status { return error.status }
    return nil
}

@Suite("Chunked decoder")
struct ChunkedDecoderTests {
    @Test func decodesChunksExtensionsAndTrailers() {
        let result = decode(["5;name=value\r\nhello\r\n6;x\r\n world\r\n0\r\nTrailer: yes\r\n\r\nNEXT"])
        #expect(result.body == "hello world")
        #expect(result.status == .done)
        #expect(result.rest == "NEXT")
    }

    @Test func byteAtATimeGivesTheSameBody() {
        let text = "A\r\n0123456789\r\n1f\r\n" + String(repeating: "z", count: 31) + "\r\n0\r\n\r\n"
        let result = decode(text.map { String($0) })
        #expect(result.status == .done)
        #expect(result.body == "0123456789" + String(repeating: "z", count: 31))
    }

    @Test func rejectsMalformedFraming() {
        #expect(failure("x\r\n") == 400)
        #expect(failure("\r\n") == 400)
        #expect(failure("5\nhello\r\n0\r\n\r\n") == 400)        // bare LF
        #expect(failure("5\r\nhelloX\r\n") == 400)              // data longer than size
        #expect(failure("5 5\r\nhello\r\n") == 400)             // space then digits
        #expect(failure("5 ;a=b\r\nhello\r\n") == 400)          // whitespace before an extension
        #expect(failure("-5\r\n") == 400)
        #expect(failure("1234567890abcdef0\r\n") == 400)        // size overflow
        #expect(failure("0\r\nBad\nTrailer\r\n\r\n") == 400)
        #expect(failure("1;a=\u{1}\r\n") == 400)
        #expect(failure("0\r\n\r\r") == 400)
    }

    @Test func enforcesTheBodyLimit() {
        #expect(failure("8\r\n12345678\r\n", maxBody: 7) == 413)
        #expect(failure("4\r\n1234\r\n4\r\n1234\r\n", maxBody: 7) == 413)
        #expect(decode(["4\r\n1234\r\n3\r\n123\r\n0\r\n\r\n"], maxBody: 7).status == .done)
    }

    @Test func boundsExtensionLength() {
        #expect(failure("1;" + String(repeating: "a", count: 5_000) + "\r\n") == 400)
    }
}

@Suite("Chunked decoder, skipping")
struct ChunkedDecoderDiscardTests {
    @Test func aSkippedBodyIsCheckedButNotKept() {
        var decoder = ChunkedDecoder(maxBodyBytes: 10)
        var body: [UInt8] = []
        let bytes = Array("4\r\nabcd\r\n3\r\nefg\r\n0\r\n\r\nGET".utf8)
        let (consumed, status) = bytes.withUnsafeBytes { decoder.decode($0, into: &body, discard: true) }
        #expect(status == .done)
        #expect(consumed == bytes.count - 3)
        #expect(body.isEmpty && body.capacity == 0)
        // The limit still counts skipped bytes.
        var limited = ChunkedDecoder(maxBodyBytes: 5)
        let big = Array("6\r\nabcdef\r\n0\r\n\r\n".utf8)
        if case .failed(let error) = big.withUnsafeBytes({ limited.decode($0, into: &body, discard: true) }).status {
            #expect(error.status == 413)
        } else {
            Issue.record("expected 413")
        }
    }
}
