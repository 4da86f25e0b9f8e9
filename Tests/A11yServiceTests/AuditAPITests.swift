import A11yCore
import Testing
@testable import A11yService
import A11yModel
import A11yReports
import A11yRules

@Suite("Audit API through libcurl", .serialized)
struct AuditAPITests {
    @Test func auditRoundTripMatchesTheCore() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let body = Array(buttonTree.utf8)
        let result = try #require(client.request("POST", harness.base + "/v1/audit",
                                                 headers: ["Content-Type: application/json"], body: body))
        #expect(result.status == 200)
        #expect(result.header("content-type") == "application/json")
        let expected = try body.withUnsafeBytes { bytes throws(InputError) in ResponseEncoder.json(try Audit.run(bytes).screens[0].report) }
        #expect(result.body == expected)
        #expect(result.text.contains("\"label\":\"OK\""))

        let pretty = try #require(client.request("POST", harness.base + "/v1/audit?pretty=1", body: body))
        #expect(pretty.text.contains("\n  \"elements\""))
    }

    @Test func badInputIsProblemJSONWithAPointer() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let result = try #require(client.request(
            "POST", harness.base + "/v1/audit", headers: ["Content-Type: application/json"],
            body: Array(#"{"root":{"id":"a","type":"button","frame":5}}"#.utf8)))
        #expect(result.status == 400)
        #expect(result.header("content-type") == "application/problem+json")
        #expect(result.text.contains("\"pointer\":\"/root/frame\""))
        #expect(result.text.contains("\"status\":400"))

        let syntax = try #require(client.request("POST", harness.base + "/v1/audit", body: Array("{".utf8)))
        #expect(syntax.status == 400)
        #expect(syntax.text.contains("\"type\":\"urn:a11y-audit:problem:syntax\""))
    }

    /// Small bodies run on the event loop: the deepest tree the core accepts must fit the
    /// loop's stack there just as it does on a worker.
    @Test func deepestTreeFitsOnTheLoopAndOnAWorker() throws {
        func tree(depth: Int) -> [UInt8] {
            Array((String(repeating: #"{"type":"view","children":["#, count: depth) + #"{"type":"text","text":"x"}"#
                   + String(repeating: "]}", count: depth)).utf8)
        }
        let deepest = tree(depth: 512), tooDeep = tree(depth: 513)
        for inline in [deepest.count + 64, 0] {
            let harness = try ServiceHarness { $0.server.inlineBodyBytes = inline }
            let client = CurlClient()
            let ok = try #require(client.request("POST", harness.base + "/v1/audit", body: Array(#"{"root":"#.utf8) + deepest + Array("}".utf8)))
            #expect(ok.status == 200)
            let rejected = try #require(client.request("POST", harness.base + "/v1/audit", body: Array(#"{"root":"#.utf8) + tooDeep + Array("}".utf8)))
            #expect(rejected.status == 400)
            #expect(rejected.text.contains("512"))
        }
    }

    @Test func acceptPicksTheReportFormat() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let body = Array(buttonTree.utf8)
        func post(_ accept: String) throws -> CurlResult {
            try #require(client.request("POST", harness.base + "/v1/audit",
                                        headers: ["Content-Type: application/json", "Accept: \(accept)"], body: body))
        }
        let sarif = try post("application/sarif+json")
        #expect(sarif.status == 200)
        #expect(sarif.header("content-type") == "application/sarif+json")
        #expect(sarif.text.contains("\"version\":\"2.1.0\""))
        let junit = try post("text/html;q=0.5, application/xml")
        #expect(junit.header("content-type") == "application/xml")
        #expect(junit.text.hasPrefix("<?xml"))
        let html = try post("text/html")
        #expect(html.header("content-type") == "text/html")
        let json = try post("*/*")
        #expect(json.header("content-type") == "application/json")
        let none = try post("image/png")
        #expect(none.status == 406)
        #expect(none.header("content-type") == "application/problem+json")
        // The refusal names every media type an Accept may ask for, text/xml among them.
        for offered in ["application/json", "application/sarif+json", "application/xml", "text/xml", "text/html", "text/markdown"] {
            #expect(none.text.contains(offered), "\(none.text)")
        }
    }

    @Test func requestBaselineMarksKnownFindings() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let tree = #"{"root":{"id":"x","type":"button","frame":{"x":0,"y":0,"width":10,"height":10}}}"#
        let first = try #require(client.request("POST", harness.base + "/v1/audit",
                                                headers: ["Content-Type: application/json"], body: Array(tree.utf8)))
        let fingerprints = first.text.split(separator: "\"fingerprint\":\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!fingerprints.isEmpty)
        let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ",")
        let again = #"{"options":{"baseline":{"fingerprints":["# + list + #"]}},"# + tree.dropFirst()
        let second = try #require(client.request("POST", harness.base + "/v1/audit",
                                                 headers: ["Content-Type: application/json"], body: Array(again.utf8)))
        #expect(second.status == 200)
        #expect(second.text.contains("\"baseline\":\"unchanged\""))
        #expect(!second.text.contains("\"baseline\":\"new\""))
        #expect(second.text.contains("\"unchanged\":\(fingerprints.count)"))
    }

    /// Issue 24: the counts come from every finding, not the first 10,000 listed.
    @Test func aCriticalFindingPastTheListingCapIsCounted() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        var items = (0...RuleRun.defaultMaxFindings).map { k in
            #"{"type":"button","label":"Item \#(k).","frame":{"x":0,"y":\#(k * 50),"width":300,"height":44}}"#
        }
        items.append(#"{"type":"button","frame":{"x":0,"y":\#((RuleRun.defaultMaxFindings + 1) * 50),"width":300,"height":44}}"#)
        let body = Array((#"{"root":{"type":"view","children":["# + items.joined(separator: ",") + "]}}").utf8)
        let result = try #require(client.request("POST", harness.base + "/v1/audit",
                                                 headers: ["Content-Type: application/json"], body: body))
        #expect(result.status == 200)
        #expect(result.text.contains(#""critical":1},"byOutcome""#))
        #expect(result.text.contains(#""omitted":{"findings":"#))
    }

    @Test func nonJSONContentTypeIs415() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let result = try #require(client.request(
            "POST", harness.base + "/v1/audit", headers: ["Content-Type: text/plain"], body: Array(buttonTree.utf8)))
        #expect(result.status == 415)
        let vendor = try #require(client.request(
            "POST", harness.base + "/v1/audit", headers: ["Content-Type: application/vnd.tree+json; charset=utf-8"],
            body: Array(buttonTree.utf8)))
        #expect(vendor.status == 200)
        let upper = try #require(client.request(
            "POST", harness.base + "/v1/audit", headers: ["Content-Type: Application/JSON"], body: Array(buttonTree.utf8)))
        #expect(upper.status == 200)
        let near = try #require(client.request(
            "POST", harness.base + "/v1/audit", headers: ["Content-Type: application/jsonl"], body: Array(buttonTree.utf8)))
        #expect(near.status == 415)
    }

    @Test func figmaResponsesAreRecognisedUnderJSONTypes() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let file = Array(#"{"name":"Demo","nodes":{"1:2":{"document":{"id":"1:2","name":"Home","type":"FRAME","absoluteBoundingBox":{"x":0,"y":0,"width":390,"height":844},"children":[{"id":"1:3","name":"Buy","type":"INSTANCE","componentId":"9:1","absoluteBoundingBox":{"x":10,"y":10,"width":30,"height":30},"children":[]}]},"components":{"9:1":{"name":"Button/Small"}}}}}"#.utf8)
        for (query, headers) in [("", ["Content-Type: application/json"]), ("?format=figma", ["Content-Type: application/json"]), ("", [])] {
            let result = try #require(client.request("POST", harness.base + "/v1/audit" + query, headers: headers, body: file))
            #expect(result.status == 200, "\(query) \(headers)")
            #expect(result.text.contains(#""screens":[{"name":"Home","#), "\(query) \(headers)")
            #expect(result.text.contains(#"{"pointer":"/nodes/1:2/document/children/0"}"#))
            #expect(result.text.contains(try Regex(#""node":\d+,"sourceId":"1:3","roleGuessedFrom":"Button/Small","#)))
        }
        let asJSON = try #require(client.request("POST", harness.base + "/v1/audit?format=json", headers: ["Content-Type: application/json"], body: file))
        #expect(asJSON.status == 400)
        // Chrome's accessibility tree also has a top-level `nodes` (an array): named, not read as Figma.
        let chrome = Array(#"{"nodes":[{"nodeId":"2","ignored":false,"role":{"type":"internalRole","value":"RootWebArea"},"childIds":[]}]}"#.utf8)
        for query in ["", "?format=figma", "?format=json"] {
            let refused = try #require(client.request("POST", harness.base + "/v1/audit" + query, headers: ["Content-Type: application/json"], body: chrome))
            #expect(refused.status == 400, "\(query)")
            #expect(refused.text.contains(#""type":"urn:a11y-audit:problem:unsupportedFormat""#), "\(query)")
            #expect(refused.text.contains("looks like a Chrome DevTools accessibility tree (CDP getFullAXTree), which is not supported"), "\(query)")
            #expect(refused.text.contains(#""pointer":"/nodes""#), "\(query)")
        }
    }

    @Test func androidDumpsAreAcceptedAsXMLOrRecognised() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let dump = Array(#"<hierarchy rotation="0"><node class="android.widget.Button" text="OK" clickable="true" bounds="[0,0][300,300]"/></hierarchy>"#.utf8)
        for headers in [["Content-Type: application/xml"], ["Content-Type: text/xml; charset=utf-8"], []] {
            let result = try #require(client.request("POST", harness.base + "/v1/audit?density=3", headers: headers, body: dump))
            #expect(result.status == 200)
            #expect(result.text.contains(#""nodes":[0]"#) && result.text.contains(#""paths":[{"pointer":"/hierarchy/node[1]"}]"#))
            #expect(result.text.contains(#""label":"OK""#))
        }
        let asJSON = try #require(client.request("POST", harness.base + "/v1/audit?format=json", headers: ["Content-Type: application/xml"], body: dump))
        #expect(asJSON.status == 400)
        #expect(asJSON.text.contains("\"type\":\"urn:a11y-audit:problem:syntax\""))
        let badFormat = try #require(client.request("POST", harness.base + "/v1/audit?format=yaml", body: dump))
        #expect(badFormat.status == 400)
        #expect(badFormat.text.contains(#""detail":"format takes auto, json, android, ios, ios-json or figma""#))
        let badDensity = try #require(client.request("POST", harness.base + "/v1/audit?density=0", body: dump))
        #expect(badDensity.status == 400)
        #expect(badDensity.text.contains(#""detail":"density takes a decimal number from 0.1 to 100"#))
        // Empty and bare parameters are values too (schemathesis sent `?density=&format=`).
        for query in ["density=", "format=", "density=&format=", "format", "density", "density=1e400", "density=101",
                      "density=4.9e-324", "density=0x10", "density=0.05", "density=inf", "density=%2B2"] {
            let empty = try #require(client.request("POST", harness.base + "/v1/audit?" + query, body: dump))
            #expect(empty.status == 400, "?\(query)")
        }
        // An XCUITest page source under the same media type is recognised as such.
        let ios = Array(#"<AppiumAUT><XCUIElementTypeButton type="XCUIElementTypeButton" label="Go" x="0" y="0" width="60" height="60"/></AppiumAUT>"#.utf8)
        let page = try #require(client.request("POST", harness.base + "/v1/audit", headers: ["Content-Type: application/xml"], body: ios))
        #expect(page.status == 200)
        #expect(page.text.contains(#""nodes":[0]"#) && page.text.contains(#""paths":[{"pointer":"/AppiumAUT/XCUIElementTypeButton[1]"}]"#))
        let laughs = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY a \"a\">]><hierarchy>&a;</hierarchy>".utf8)
        let refused = try #require(client.request("POST", harness.base + "/v1/audit", headers: ["Content-Type: application/xml"], body: laughs))
        #expect(refused.status == 400)
        #expect(refused.text.contains("\"title\":\"Malformed XML\""))
        #expect(refused.text.contains("\"line\":2,\"column\":1"))
    }

    /// The query is read through the core's parameter table: `format` is the input format,
    /// `pretty` the switch it always was, anything else ignored.
    @Test func queryParametersAreTheCoresAuditParameters() throws {
        let read = try AuditHandler.settings("format=ios&density=2.625&pretty&level=AAA&x").get()
        #expect(read.audit.inputFormat == .ios && read.audit.density == 2.625 && read.pretty)
        #expect(read.audit.options.level == nil)
        #expect(try !AuditHandler.settings("pretty=0").get().pretty)
        #expect(try AuditHandler.settings(nil).get().audit.inputFormat == nil)
        for (query, detail) in [("format=", "format takes auto, json, android, ios, ios-json or figma"),
                                ("density=1e400", "density takes a decimal number from 0.1 to 100 (Android pixels per dp, e.g. 2.625)"),
                                ("density=4.9e-324", "density takes a decimal number from 0.1 to 100 (Android pixels per dp, e.g. 2.625)"),
                                ("density=0x10", "density takes a decimal number from 0.1 to 100 (Android pixels per dp, e.g. 2.625)")] {
            guard case .failure(let error) = AuditHandler.settings(query) else { Issue.record("\(query) accepted"); continue }
            #expect(error.message == detail)
        }
        // /v1/rules looks at `pretty` only: a bad `format` there is not its business.
        #expect(AuditHandler.wantsPretty("format=yaml&pretty=true"))
        #expect(!AuditHandler.wantsPretty("format=yaml&pretty=no"))
    }

    @Test func plainJSONCheckMatchesOnlyThatMediaType() {
        func check(_ text: String) -> Bool { Array(text.utf8).withUnsafeBytes(AuditHandler.isPlainJSON) }
        #expect(check("application/json"))
        #expect(check("APPLICATION/Json"))
        // Not exactly the type: left to the general path (parameters, +json suffixes, look-alikes).
        #expect(!check("application/json; charset=utf-8"))
        #expect(!check("application/vnd.a+json"))
        #expect(!check("application\u{0F}json"))
        #expect(!check("applicatioN/jso"))
    }

    @Test func requestIDsAreEchoedOrGenerated() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let echoed = try #require(client.request("GET", harness.base + "/healthz", headers: ["X-Request-Id: abc-123"]))
        #expect(echoed.header("x-request-id") == "abc-123")
        let first = try #require(client.request("GET", harness.base + "/healthz"))
        let second = try #require(client.request("GET", harness.base + "/healthz"))
        let ids = [first.header("x-request-id"), second.header("x-request-id")].compactMap { $0 }
        #expect(ids.count == 2)
        #expect(ids[0] != ids[1])
    }

    @Test func transportAndRoutingErrorsCarryRequestIDsToo() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        let missing = try #require(client.request("GET", harness.base + "/missing", headers: ["X-Request-Id: lost-1"]))
        #expect(missing.status == 404)
        #expect(missing.header("x-request-id") == "lost-1")
        // Whitespace in a field name is a framing error (RFC 9112 5.1): the parser answers 400.
        let malformed = try #require(client.request("GET", harness.base + "/healthz", headers: ["Bad Name: x"]))
        #expect(malformed.status == 400)
        let generated = try #require(malformed.header("x-request-id"))
        #expect(!generated.isEmpty)
        let lines = harness.logLines(atLeast: 2)
        #expect(lines.contains { $0.contains("\"status\":404") && $0.contains("\"request_id\":\"lost-1\"") })
        #expect(lines.contains { $0.contains("\"status\":400") && $0.contains("\"request_id\":\"\(generated)\"") })
    }

    @Test func routingErrors() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        #expect(client.request("GET", harness.base + "/v2/nothing")?.status == 404)
        let wrong = try #require(client.request("GET", harness.base + "/v1/audit"))
        #expect(wrong.status == 405)
        #expect(wrong.header("allow") == "POST")
        let head = try #require(client.request("HEAD", harness.base + "/healthz"))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
    }

    @Test func servesTheRuleCatalogue() throws {
        let harness = try ServiceHarness(token: "t")
        let client = CurlClient()
        let result = try #require(client.request("GET", harness.base + "/v1/rules", headers: ["Authorization: Bearer t"]))
        #expect(result.status == 200)
        #expect(result.header("content-type") == "application/json")
        #expect(result.body == RuleCatalogue.json())
        #expect(client.request("GET", harness.base + "/v1/rules")?.status == 401)
    }

    @Test func servesTheOpenAPIDocument() throws {
        let harness = try ServiceHarness()
        let result = try #require(CurlClient().request("GET", harness.base + "/openapi.json"))
        #expect(result.status == 200)
        #expect(result.header("content-type") == "application/json")
        #expect(result.text == ServedOpenAPI.json)
    }

    @Test func accessLogHasOneJSONLinePerRequest() throws {
        let harness = try ServiceHarness()
        let client = CurlClient()
        _ = client.request("GET", harness.base + "/healthz", headers: ["X-Request-Id: log-me"])
        _ = client.request("GET", harness.base + "/missing")
        let lines = harness.logLines(atLeast: 2)
        #expect(lines.count == 2)
        let first = try #require(lines.first)
        #expect(first.hasPrefix("{\"time\":\""))
        #expect(first.contains("\"method\":\"GET\",\"path\":\"/healthz\",\"status\":200"))
        #expect(first.contains("\"request_id\":\"log-me\""))
        #expect(first.contains("\"duration_ms\":"))
        #expect(lines.last?.contains("\"status\":404") == true)
    }
}
