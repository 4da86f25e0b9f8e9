import A11yTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import HTTPServer

/// One server for the whole corpus, with a small body limit and short timeouts so the
/// oversize and cut-short cases answer quickly.
private let corpusServer: HTTPServer = {
    do {
        return try startTestServer { configuration in
            configuration.limits.maxBodyBytes = 1_024
            configuration.headerTimeout = 0.5
            configuration.bodyTimeout = 0.5
        }
    } catch { fatalError("cannot start the corpus server: \(error)") }
}()

@Suite("HTTP conformance corpus over raw sockets")
struct ConformanceCorpusTests {
    @Test func corpusIsLargeAndNamesAreUnique() {
        let names = ConformanceCorpus.cases.map(\.name)
        #expect(names.count >= 80)
        #expect(Set(names).count == names.count)
    }

    @Test(arguments: ConformanceCorpus.cases)
    func answersAsExpected(_ corpusCase: ConformanceCase) throws {
        let client = try RawClient(port: corpusServer.port)
        client.send(corpusCase.request)
        for expected in corpusCase.statuses {
            let response = try client.readResponse()
            #expect(response.status == expected)
            if response.status >= 400 {
                #expect(response.header("content-type") == "application/problem+json")
            }
        }
        if corpusCase.closes {
            // Nothing pipelined behind the last answer may be read as a request.
            #expect(try client.closedWithoutData())
        } else {
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().text == "hello")
        }
    }
}
