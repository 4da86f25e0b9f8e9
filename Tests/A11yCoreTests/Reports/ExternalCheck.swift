import Foundation

/// Runs the Python checkers under Scripts/reports (jsonschema, junitparser) on a rendered
/// report. Scripts/reports/install-checkers.sh installs them.
enum ExternalCheck {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func script(_ name: String) -> String { repository.appendingPathComponent("Scripts/reports/" + name).path }

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", self.script(script)] + arguments + [file.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
