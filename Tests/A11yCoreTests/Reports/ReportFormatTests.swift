import Testing
@testable import A11yCore
import A11yOptions
@testable import A11yReports

@Suite struct ReportFormatTests {
    @Test func namesAndMediaTypesRoundTrip() {
        for format in ReportFormat.allCases {
            #expect(OutputFormat(name: OutputFormat.report(format).name) == .report(format))
            // GitHub annotations are for the CLI: `text/plain` is not negotiated to them.
            #expect(Self.accepted(OutputFormat.report(format).mediaType) == (format == .github ? nil : .report(format)))
        }
        #expect(Self.accepted("text/xml") == .report(.junit))
        #expect(Self.accepted("application/json") == .json)
        #expect(Self.accepted(OutputFormat.text.mediaType) == nil)
        // The service lowercases what `Accept` names before it looks (`Text/XML` is JUnit too).
        #expect(OutputFormat.acceptable.allSatisfy { $0.mediaType == $0.mediaType.lowercased() })
    }

    /// The format the service answers an `Accept` naming `mediaType` alone with.
    static func accepted(_ mediaType: String) -> OutputFormat? {
        OutputFormat.acceptable.first { $0.mediaType == mediaType }?.format
    }

    @Test func renderDispatchesToEachWriter() {
        let screens = [ScreenReport(name: "a.json", report: ReportFixtures.login())]
        let starts = ReportFormat.allCases.map { format in
            String(decoding: format.render(screens: screens, catalogue: SarifReportTests.catalogue).prefix(15), as: UTF8.self)
        }
        #expect(starts == ["{\"$schema\":\"htt", "<?xml version=\"", "<!DOCTYPE html>", "## Accessibilit", "::error file=a."])
    }
}
