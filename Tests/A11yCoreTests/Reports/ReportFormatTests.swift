import Testing
@testable import A11yCore
@testable import A11yReports

@Suite struct ReportFormatTests {
    @Test func namesAndMediaTypesRoundTrip() {
        for format in ReportFormat.allCases {
            #expect(ReportFormat(rawValue: format.rawValue) == format)
            // GitHub annotations are for the CLI: `text/plain` is not negotiated to them.
            #expect(ReportFormat(mediaType: format.mediaType) == (format == .github ? nil : format))
        }
        #expect(ReportFormat(mediaType: "Text/XML") == .junit)
        #expect(ReportFormat(mediaType: "application/json") == nil)
    }

    @Test func renderDispatchesToEachWriter() {
        let screens = [ScreenReport(name: "a.json", report: ReportFixtures.login())]
        let starts = ReportFormat.allCases.map { format in
            String(decoding: format.render(screens: screens, catalogue: SarifReportTests.catalogue).prefix(15), as: UTF8.self)
        }
        #expect(starts == ["{\"$schema\":\"htt", "<?xml version=\"", "<!DOCTYPE html>", "## Accessibilit", "::error file=a."])
    }
}
