import A11yCore
import A11yTestSupport
import Testing
@testable import A11yService

/// POST /v1/audit as a multipart form: an input part and its screenshot, and every form the
/// service refuses with a problem document naming what is wrong.
@Suite("Multipart audits through libcurl", .serialized)
struct MultipartAuditTests {
    static let boundary = "a11yBoundary42"
    static let tree = #"{"root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 200, "height": 300}, "children": [{"type": "button", "label": "OK", "frame": {"x": 20, "y": 100, "width": 100, "height": 44}}]}}"#

    struct Part {
        var name: String
        var filename: String? = nil
        var type: String? = nil
        var bytes: [UInt8]
    }

    static func form(_ parts: [Part], close: Bool = true) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"".utf8)
            if let filename = part.filename { body += Array("; filename=\"\(filename)\"".utf8) }
            body += Array("\r\n".utf8)
            if let type = part.type { body += Array("Content-Type: \(type)\r\n".utf8) }
            body += Array("\r\n".utf8) + part.bytes + Array("\r\n".utf8)
        }
        if close { body += Array("--\(boundary)--\r\n".utf8) }
        return body
    }

    static func post(_ harness: ServiceHarness, _ body: [UInt8], accept: String = "application/json",
                     contentType: String = "multipart/form-data; boundary=\(boundary)") throws -> CurlResult {
        try #require(CurlClient().request("POST", harness.base + "/v1/audit",
                                          headers: ["Content-Type: \(contentType)", "Accept: \(accept)"], body: body))
    }

    static let input = Part(name: "input", filename: "screen.json", type: "application/json", bytes: Array(tree.utf8))
    static let shot = Part(name: "screenshot", filename: "screen.png", type: "image/png", bytes: TestPNG.solid(width: 400, height: 600))

    @Test func anInputAndItsScreenshotAreAuditedTogether() throws {
        let harness = try ServiceHarness()
        let json = try Self.post(harness, Self.form([Self.input, Self.shot]))
        #expect(json.status == 200)
        #expect(json.text.contains(#""screenshot":{"name":"screen.png","width":400,"height":600,"scale":2"#))
        let html = try Self.post(harness, Self.form([Self.shot, Self.input]), accept: "text/html")
        #expect(html.status == 200)
        #expect(html.text.contains("href=\"data:image/png;base64,"))
        #expect(html.header("content-security-policy")?.contains("img-src data:") == true)
        // curl -F types unknown files application/octet-stream: the content then says.
        var untyped = Self.input
        untyped.type = "application/octet-stream"
        var untypedShot = Self.shot
        untypedShot.type = "application/octet-stream"
        #expect(try Self.post(harness, Self.form([untyped, untypedShot])).status == 200)
        // Without a screenshot the form is the plain request.
        let alone = try Self.post(harness, Self.form([Self.input]))
        #expect(alone.status == 200 && !alone.text.contains("\"screenshot\""))
    }

    @Test func anAndroidDumpPartIsRecognisedByItsContent() throws {
        let harness = try ServiceHarness()
        let dump = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="Go" \
            class="android.widget.Button" package="p" content-desc="" clickable="true" enabled="true" focusable="true" bounds="[0,0][720,1600]"/></hierarchy>
            """
        let result = try Self.post(harness, Self.form([Part(name: "input", bytes: Array(dump.utf8)),
                                                       Part(name: "screenshot", bytes: TestPNG.solid(width: 720, height: 1600))]))
        #expect(result.status == 200)
        #expect(result.text.contains(#""scale":2"#))  // a 720 x 1600 phone reads as 2.0 (360 dp)
    }

    @Test func everyRefusedFormIsAProblemNamingWhat() throws {
        let harness = try ServiceHarness { $0.screenshotLimits.maxPixels = 4_000_000 }
        var badCRC = Self.shot
        badCRC.bytes[29] ^= 0xFF
        var truncated = Self.shot
        truncated.bytes = Array(truncated.bytes.prefix(100))
        var huge = Self.shot
        huge.bytes = TestPNG.file(width: 100_000, height: 100_000, imageData: TestPNG.zlib([0]))
        // 3,000 x 3,000 is 9 M pixels: over this server's 4 M, refused before inflating.
        var bomb = Self.shot
        bomb.bytes = TestPNG.file(width: 3_000, height: 3_000, imageData: TestPNG.zlib([UInt8](repeating: 0, count: 1_000)))
        var wrongSize = Self.shot
        wrongSize.bytes = TestPNG.solid(width: 300, height: 300)
        let cases: [([UInt8], String, String)] = [
            (Self.form([Self.shot]), "multipart", "no part named input"),
            (Self.form([Self.input, Self.shot, Self.shot]), "multipart", "two parts named screenshot"),
            (Self.form([Self.input, Part(name: "extra", bytes: [1])]), "multipart", "part named \\\"extra\\\""),
            (Self.form([Self.input, Self.shot], close: false), "multipart", "close delimiter"),
            (Self.form([Self.input, Part(name: "screenshot", type: "image/jpeg", bytes: [0xFF, 0xD8])]), "multipart", "not image/png"),
            (Self.form([Part(name: "input", type: "image/gif", bytes: Array(Self.tree.utf8))]), "multipart", "input part's Content-Type"),
            (Self.form([Self.input, Part(name: "screenshot", bytes: Array("GIF89a".utf8))]), "screenshot", "not a PNG"),
            (Self.form([Self.input, badCRC]), "screenshot", "CRC"),
            (Self.form([Self.input, truncated]), "screenshot", "truncated"),
            (Self.form([Self.input, huge]), "screenshot", "pixels"),
            (Self.form([Self.input, bomb]), "screenshot", "pixels"),
            (Self.form([Self.input, wrongSize]), "screenshot", "does not fit"),
        ]
        for (body, type, says) in cases {
            let result = try Self.post(harness, body)
            #expect(result.status == 400, "\(says)")
            #expect(result.header("content-type") == "application/problem+json")
            #expect(result.text.contains("urn:a11y-audit:problem:\(type)"), "\(says): \(result.text)")
            #expect(result.text.contains(says), "\(says): \(result.text)")
        }
        let noBoundary = try Self.post(harness, Self.form([Self.input]), contentType: "multipart/form-data")
        #expect(noBoundary.status == 400 && noBoundary.text.contains("no boundary"))
        // The server still answers.
        #expect(try Self.post(harness, Self.form([Self.input, Self.shot])).status == 200)
    }
}
