import Testing
@testable import A11yService
@testable import HTTPServer
@testable import A11yCore
import A11yImport
import A11yPNG
import A11yTestSupport
import GeneratedInputs
@testable import A11yModel

/// Issue 24, the service's side: where an audit runs is decided by what it costs (an audit
/// tried on the loop hands itself to a worker past its slice, instead of answering there),
/// and a stage that runs long (the Figma importer) answers the documented 503 when its time
/// budget runs out.
@Suite("Audit cost: loop slice and time budget", .serialized)
struct AuditCostTests {
    private func request(_ body: String) throws -> Request {
        let head = "POST /v1/audit HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        return try #require(Request(parsing: Array(head.utf8), body: Array(body.utf8)))
    }

    @Test func anAuditPastItsLoopSliceGoesToAWorkerInsteadOfAnswering() throws {
        var handler = AuditHandler(metrics: Metrics(loops: 1), limits: .default, timeBudgetNanos: 10_000_000_000)
        handler.loopSliceNanos = 0
        var attempt = try request(buttonTree)
        attempt.onLoop = true
        // No time at all on the loop: not a 503 for the client, a hand-off to a worker.
        let onLoop = handler.handle(attempt)
        #expect(onLoop.handOff)
        // The worker runs it with the whole time budget.
        let onWorker = handler.handle(try request(buttonTree))
        #expect(!onWorker.handOff)
        #expect(onWorker.status == 200)
    }

    @Test func aFigmaFileOfManyOutlinesUnderManyTextsStopsAtItsTimeBudget() throws {
        let harness = try ServiceHarness { $0.auditTimeout = 0.05 }
        let client = CurlClient()
        let body = Array(FigmaOutlines.json(3_000).utf8)
        let result = try #require(client.request("POST", harness.base + "/v1/audit", headers: ["Content-Type: application/json"], body: body))
        #expect(result.status == 503)
        #expect(result.text.contains("\"type\":\"urn:a11y-audit:problem:timeBudget\""))
    }
}

/// A form's screenshot is reserved by its decoded size, read from the PNG header before the
/// work starts: a small file that inflates to a large image cannot slip under the estimate
/// the body's size gives.
@Suite("Screenshot memory reserved before decoding")
struct ScreenshotMemoryTests {
    private func form(_ png: [UInt8]) throws -> Request {
        let body = MultipartAuditTests.form([MultipartAuditTests.input,
                                             MultipartAuditTests.Part(name: "screenshot", type: "image/png", bytes: png)])
        let head = "POST /v1/audit HTTP/1.1\r\nHost: t\r\nContent-Type: multipart/form-data; boundary=\(MultipartAuditTests.boundary)\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        return try #require(Request(parsing: Array(head.utf8), body: body))
    }

    @Test func aScreenshotIsReservedByItsDecodedSize() throws {
        let limits = ScreenshotLimits()
        let shot = try form(TestPNG.solid(width: 200, height: 300))
        #expect(AuditHandler.screenshotMemory(shot, limits: limits) == PNGDecoder.decodedBytes(width: 200, height: 300))
        #expect(AuditHandler.screenshotMemory(shot, limits: limits) >= 200 * 300 * 4)
        // Past the pixel limit the form is refused from the header, before any reservation.
        var small = limits
        small.maxPixels = 100
        #expect(AuditHandler.screenshotMemory(shot, limits: small) == 0)
        // So is one wider than the decoder takes (1,000,000 pixels a side), its pixels within
        // the limit: the reservation refuses by the same rule as the decode.
        let wide = try form(TestPNG.file(width: 2_000_000, height: 1, imageData: TestPNG.zlib([])))
        #expect(AuditHandler.screenshotMemory(wide, limits: limits) == 0)
        // Plain JSON requests hold no screenshot.
        let head = "POST /v1/audit HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n"
        #expect(AuditHandler.screenshotMemory(try #require(Request(parsing: Array(head.utf8), body: Array("{}".utf8))), limits: limits) == 0)
    }
}
