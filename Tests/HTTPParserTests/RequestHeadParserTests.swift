import Testing
import HTTPParser

private func parse(_ text: String, limits: HeadLimits = HeadLimits()) -> (HeadParseResult, RequestHead) {
    var head = RequestHead()
    let bytes = Array(text.utf8)
    let result = bytes.withUnsafeBytes { RequestHeadParser.parse($0, limits: limits, into: &head) }
    return (result, head)
}

private func status(_ text: String, limits: HeadLimits = HeadLimits()) -> Int? {
    if case .failed(let error) = parse(text, limits: limits).0 { return error.status }
    return nil
}

@Suite("Request head parser")
struct RequestHeadParserTests {
    @Test func parsesAMinimalRequest() {
        let text = "GET /healthz?x=1 HTTP/1.1\r\nHost: a\r\nX-Thing:  spaced value \t\r\n\r\nBODY"
        let (result, head) = parse(text)
        #expect(result == .complete)
        #expect(head.method == .get)
        #expect(head.versionMinor == 1)
        #expect(head.keepAlive)
        #expect(head.framing == .none)
        #expect(head.length == text.utf8.count - 4)
        let bytes = Array(text.utf8)
        func slice(_ start: some BinaryInteger, _ end: some BinaryInteger) -> String {
            String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self)
        }
        #expect(slice(head.targetStart, head.targetEnd) == "/healthz?x=1")
        #expect(slice(head.pathStart, head.pathEnd) == "/healthz")
        #expect(head.headers.map { slice($0.nameStart, $0.nameEnd) } == ["Host", "X-Thing"])
        // Values are trimmed of surrounding whitespace.
        #expect(head.headers.map { slice($0.valueStart, $0.valueEnd) } == ["a", "spaced value"])
        // Looked up by name, ignoring ASCII case.
        var name = "x-THING"
        let found = name.withUTF8 { wanted in bytes.withUnsafeBytes { head.field(named: wanted, in: $0) } }
        #expect(found.map { slice($0.valueStart, $0.valueEnd) } == "spaced value")
    }

    @Test func everyPrefixNeedsMore() {
        let text = Array("POST /v1/audit HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n".utf8)
        for end in 0..<text.count {
            var head = RequestHead()
            let result = text[0..<end].withUnsafeBytes { RequestHeadParser.parse($0, limits: HeadLimits(), into: &head) }
            #expect(result == .needMore, "prefix of \(end) bytes")
        }
    }

    @Test func incrementalFeedingMatchesOneShot() {
        let text = Array("PUT /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var head = RequestHead()
        var previous = 0
        var final = HeadParseResult.needMore
        for end in 1...text.count {
            final = text[0..<end].withUnsafeBytes {
                RequestHeadParser.parse($0, previousLength: previous, limits: HeadLimits(), into: &head)
            }
            previous = end
        }
        #expect(final == .complete)
        #expect(head.framing == .chunked)
        #expect(head.method == .put)
    }

    @Test func ignoresLeadingEmptyLines() {
        #expect(parse("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n").0 == .complete)
    }

    @Test func http10DefaultsToClose() {
        #expect(parse("GET / HTTP/1.0\r\n\r\n").1.keepAlive == false)
        #expect(parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").1.keepAlive == true)
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: foo, close\r\n\r\n").1.keepAlive == false)
    }

    @Test func expectContinueOnlyForHTTP11() {
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 1\r\n\r\n").1.expectContinue)
        #expect(!parse("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n").1.expectContinue)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nExpect: teapot\r\n\r\n") == 417)
    }

    @Test func contentLengthForms() {
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 12\r\n\r\n").1.framing == .contentLength(12))
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 3\r\n\r\n").1.framing == .contentLength(3))
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n").1.framing == .none)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 4\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n") == 413)
        var limits = HeadLimits()
        limits.maxBodyBytes = 10
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n", limits: limits) == 413)
    }

    @Test func transferEncodingRules() {
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == 501)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n") == 501)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n").1.framing == .chunked)
    }

    @Test func malformedRequestsAre400() {
        let cases = [
            "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",             // double space
            "GET / HTTP/1.1 \r\nHost: a\r\n\r\n",             // trailing space
            "GET /\tx HTTP/1.1\r\nHost: a\r\n\r\n",           // control character in target
            "GET / HTTP/1.1\nHost: a\r\n\r\n",                // bare LF after request line
            "GET / HTTP/1.1\r\nHost: a\n\r\n",                // bare LF after a field
            "GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n",        // bare CR
            "GET / HTTP/1.1\r\nHost : a\r\n\r\n",             // whitespace before colon
            "GET / HTTP/1.1\r\nHost: a\r\nX: b\r\n folded\r\n\r\n",  // obs-fold
            "GET / HTTP/1.1\r\n Host: a\r\n\r\n",             // leading whitespace
            "GET / HTTP/1.1\r\nHost: a\r\nBad[Name]: b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\n: empty\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n",  // NUL in value
            "GET / HTTP/1.1\r\n\r\n",                         // missing Host
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",   // repeated Host
            "GET / HTTP/1.10\r\nHost: a\r\n\r\n",
            "GET / http/1.1\r\nHost: a\r\n\r\n",
            "GET / HTTP/1.x\r\nHost: a\r\n\r\n",
            "GET nopath HTTP/1.1\r\nHost: a\r\n\r\n",
            " GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        ]
        for text in cases {
            #expect(status(text) == 400, "\(text.debugDescription)")
        }
    }

    @Test func errorsAreFoundBeforeTheHeadEnds() {
        #expect(status("GET / HTTP/1.1\nHo") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost : ") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\n fold") == 400)
        #expect(status("GET / XTTP") == 400)
    }

    @Test func versionsOtherThanOneAre505() {
        #expect(status("GET / HTTP/2.0\r\nHost: a\r\n\r\n") == 505)
        #expect(status("GET / HTTP/0.9\r\nHost: a\r\n\r\n") == 505)
        #expect(parse("GET / HTTP/1.2\r\nHost: a\r\n\r\n").0 == .complete)
    }

    /// Any token is a method for the router to judge; methods are case-sensitive.
    @Test func anyTokenIsAMethod() {
        for name in ["QUERY", "BREW", "get", "M-SEARCH"] {
            let (result, head) = parse("\(name) / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(result == .complete)
            #expect(head.method.name == name)
            #expect(head.method != .get)
        }
        #expect(parse("DELETE / HTTP/1.1\r\nHost: a\r\n\r\n").1.method == .delete)
    }

    /// RFC 9112 §3: a method longer than any the server implements is 501.
    @Test func overlongMethodsAre501() {
        #expect(status(String(repeating: "X", count: 25) + " / HTTP/1.1\r\nHost: a\r\n\r\n") == 501)
        #expect(status(String(repeating: "X", count: 24) + " / HTTP/1.1\r\nHost: a\r\n\r\n") == nil)
    }

    @Test func sizeLimits() {
        var limits = HeadLimits()
        limits.maxTargetBytes = 32
        limits.maxHeadBytes = 256
        limits.maxHeaderCount = 3
        let longTarget = "/" + String(repeating: "a", count: 40)
        #expect(status("GET \(longTarget) HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits) == 414)
        let bigField = "X: " + String(repeating: "b", count: 300)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\n\(bigField)\r\n\r\n", limits: limits) == 431)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\n\(bigField)", limits: limits) == 431)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: limits) == 431)
    }
}
