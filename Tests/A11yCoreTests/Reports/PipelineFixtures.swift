import Foundation
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// Screens from real JSON trees run through the real decoder and engines.
enum PipelineFixtures {
    static func screen(_ file: String, name: String? = nil) throws -> ScreenReport {
        let url = ExternalCheck.repository.appendingPathComponent("Tests/A11yCoreTests/Fixtures/Reports/" + file)
        let bytes = [UInt8](try Data(contentsOf: url))
        var screen = try Tree.screen(bytes, name: name ?? file)
        screen.report.run = try RuleRunner.run(screen.report.analysis, options: screen.report.analysis.document.options)
        return screen
    }
}

extension PipelineFixtures {
    /// login.json through the real rules: violations of several impacts, one `incomplete`
    /// (text over a gradient) and one suppressed finding (the back button's size).
    static func loginWithFindings() throws -> ScreenReport {
        let screen = try screen("login.json")
        let run = screen.report.run
        // The report tests rely on this mix; fail here, clearly, if the rules change it.
        guard run.findings.contains(where: { $0.outcome == .incomplete }), run.suppressed.count == 1,
              Set(run.findings.map(\.impact)).count >= 3 else { throw FixtureError.findingsChanged }
        return screen
    }

    enum FixtureError: Error { case findingsChanged
    }
}
