import A11yTestSupport
import Foundation

/// Runs the Python checkers under Scripts/reports (jsonschema, junitparser) on a rendered
/// report. Scripts/reports/install-checkers.sh installs them.
enum ExternalCheck {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let repository = URL(fileURLWithPath: Repository.root)

    static func script(_ name: String) -> String { Repository.path("Scripts/reports/" + name) }

    /// Writes `bytes` to a temporary file and runs `python3 script args... file`.
    static func python(_ script: String, _ arguments: [String] = [], on bytes: [UInt8], suffix: String,
                       keepName: String? = nil) throws -> Output {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("a11y-report-\(UUID().uuidString).\(suffix)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // Scripts/reports/html-screenshot.sh sets this to look at what the tests render.
        if let keep = ProcessInfo.processInfo.environment["A11Y_KEEP_REPORTS"] {
            try? Data(bytes).write(to: URL(fileURLWithPath: keep).appendingPathComponent(keepName ?? file.lastPathComponent))
        }
        let output = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", self.script(script)] + arguments + [file.path])
        return Output(status: output.status, stdout: output.stdoutText, stderr: output.stderr)
    }
}
