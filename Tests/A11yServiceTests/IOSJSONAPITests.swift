import Testing
@testable import A11yService

/// WebDriverAgent JSON sources over HTTP: recognised under JSON types or asked for with
/// `?format=ios-json`, as WDA's reply or as the tree; bad ones a 400 problem with a pointer.
@Suite("WDA JSON sources through libcurl", .serialized)
struct IOSJSONAPITests {
    static let tree = #"{"type":"Application","rawIdentifier":null,"name":"Demo","label":"Demo","isEnabled":"1","isVisible":"1","rect":{"x":0,"y":0,"width":390,"height":844},"children":[{"type":"Button","rawIdentifier":null,"name":null,"label":null,"isEnabled":"1","isVisible":"1","rect":{"x":8,"y":50,"width":30,"height":30}}]}"#

    @Test func sourcesAreRecognisedUnderJSONTypesOrAskedFor() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let reply = Array(#"{"value":\#(Self.tree),"sessionId":"8C4D"}"#.utf8)
        for (query, headers, body, pointer) in [("", ["Content-Type: application/json"], Array(Self.tree.utf8), "/children/0"),
                                                ("?format=ios-json", ["Content-Type: application/json"], Array(Self.tree.utf8), "/children/0"),
                                                ("", [], reply, "/value/children/0")] {
            let result = try #require(client.request("POST", harness.base + "/v1/audit" + query, headers: headers, body: body))
            #expect(result.status == 200, "\(query) \(headers)")
            #expect(result.text.contains(#""rule":"control-name""#) && result.text.contains(#""paths":[{"pointer":"\#(pointer)"}]"#), "\(query) \(headers)")
        }
        let asJSON = try #require(client.request("POST", harness.base + "/v1/audit?format=json", headers: ["Content-Type: application/json"],
                                                 body: Array(Self.tree.utf8)))
        #expect(asJSON.status == 400)
    }

    @Test func badSourcesAreProblemJSONWithAPointer() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let body = Array(Self.tree.replacingOccurrences(of: #""rect":{"x":8,"y":50,"width":30,"height":30}"#, with: #""rect":{"x":8,"y":50,"width":"30","height":30}"#).utf8)
        let result = try #require(client.request("POST", harness.base + "/v1/audit", headers: ["Content-Type: application/json"], body: body))
        #expect(result.status == 400)
        #expect(result.header("content-type") == "application/problem+json")
        #expect(result.text.contains(#""pointer":"/children/0/rect/width""#), "\(result.text)")
        #expect(result.text.contains("must be a number of points"), "\(result.text)")
    }
}
