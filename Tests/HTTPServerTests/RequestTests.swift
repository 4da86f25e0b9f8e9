import Testing
import HTTPServer

@Suite("Request")
struct RequestTests {
    @Test func pathQueryAndHeadersFromTheParsedHead() {
        let request = Request(parsing: Array("GET /healthz?x=1 HTTP/1.1\r\nHost: a\r\nX-Thing:  spaced value \t\r\n\r\n".utf8))
        #expect(request?.path == "/healthz")
        #expect(request?.query == "x=1")
        #expect(request?.header("x-thing") == "spaced value")
        #expect(request?.header("HOST") == "a")
        #expect(request?.header("missing") == nil)
    }

    @Test func absoluteFormTargetsRouteByPath() {
        let request = Request(parsing: Array("GET http://example.com/healthz?q HTTP/1.1\r\nHost: example.com\r\n\r\n".utf8))
        #expect(request?.path == "/healthz")
        #expect(request?.query == "q")
    }
}
