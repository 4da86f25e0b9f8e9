import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
import A11yCoreTestSupport

/// Writing the answer is part of the audit: a client that hangs up (or a budget that runs
/// out) while a large tree's answer is written stops the render too, in every format.
@Suite struct RenderInterruptTests {
    typealias Poll = AuditInterruptTests.Poll

    static let formats: [OutputFormat] = [.json, .text, .report(.sarif), .report(.junit), .report(.html)]

    /// A flat screen of `count` small unlabelled buttons, each with an identifier and a frame:
    /// every button is a stop, an identifier and two findings (no name, target too small).
    static func buttons(_ count: Int) -> AuditRun {
        let json = "{\"root\":{\"id\":\"screen\",\"type\":\"view\",\"frame\":{\"x\":0,\"y\":0,\"width\":390,\"height\":844},\"children\":["
            + (0..<count).map { i in
                "{\"id\":\"b\(i)\",\"type\":\"button\",\"nestedIdentifier\":\"b\(i)\","
                    + "\"frame\":{\"x\":\(i % 10 * 30),\"y\":\(i / 10 * 30),\"width\":24,\"height\":24}}"
            }.joined(separator: ",") + "]}}"
        return try! Tree.audit(json).get()
    }

    static let large = buttons(3_000)

    private func render(_ run: AuditRun, _ format: OutputFormat, _ poll: Poll) -> Result<[UInt8], InputError> {
        Result { () throws(InputError) in try run.render(format, interrupt: poll.interrupt) }
    }

    @Test func theGeneratedScreenIsLarge() {
        #expect(Self.large.screens[0].report.analysis.elements.count == 3_000)
        #expect(Self.large.screens[0].report.run.findings.count >= 3_000)
    }

    @Test(arguments: formats)
    func aRenderNobodyStopsIsThePlainRenderAndIsPolledAlongTheWay(format: OutputFormat) throws {
        let poll = Poll(firesAt: .max, reason: .cancelled)
        let bytes = try render(Self.large, format, poll).get()
        #expect(bytes == Self.large.render(format))
        // Asked while the stops or findings are written (every 1,024 of them), not only once.
        #expect(poll.polls >= 3)
    }

    @Test(arguments: formats, [InterruptReason.cancelled, .timeBudget])
    func aStopWhileWritingThrowsThePollsReason(format: OutputFormat, reason: InterruptReason) throws {
        let counting = Poll(firesAt: .max, reason: reason)
        _ = try render(Self.large, format, counting).get()
        // The last poll of the whole render: the stop comes after most of it was written.
        let poll = Poll(firesAt: counting.polls, reason: reason)
        let result = render(Self.large, format, poll)
        guard case .failure(let error) = result else {
            Issue.record("\(format) rendered despite the stop")
            return
        }
        #expect(error.kind == (reason == .cancelled ? .cancelled : .timeBudget))
        #expect(poll.polls == counting.polls, "the render stopped at the first poll that answered")
    }

    @Test(arguments: formats)
    func aStopAtTheFirstPollStopsEarly(format: OutputFormat) throws {
        let poll = Poll(firesAt: 1, reason: .cancelled)
        #expect(throws: InputError.self) { try render(Self.large, format, poll).get() }
        #expect(poll.polls == 1, "nothing was asked again once stopped")
    }

    @Test(arguments: formats)
    func aSmallScreenIsAskedOnlyAFewTimes(format: OutputFormat) throws {
        let small = Self.buttons(50)
        let poll = Poll(firesAt: .max, reason: .cancelled)
        #expect(try render(small, format, poll).get() == small.render(format))
        #expect((1...3).contains(poll.polls), "a poll per screen and section, not per item")
    }

    @Test func aBatchIsAskedBetweenScreens() throws {
        let run = AuditRun(screens: [Self.large.screens[0], Self.large.screens[0]], isBatch: true)
        for format in Self.formats {
            let counting = Poll(firesAt: .max, reason: .cancelled)
            let single = Poll(firesAt: .max, reason: .cancelled)
            #expect(try render(run, format, counting).get() == run.render(format))
            _ = try render(Self.large, format, single).get()
            #expect(counting.polls > single.polls, "\(format): the second screen is polled too")
        }
    }
}
