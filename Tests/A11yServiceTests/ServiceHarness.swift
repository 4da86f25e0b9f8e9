import A11yTestSupport
@testable import A11yService
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// The service on a free port, with its access log captured in a temporary file.
final class ServiceHarness {
    let service: A11yService
    let logPath: String
    private let logFD: Int32

    init(token: String? = nil, adjust: (inout ServiceConfiguration) -> Void = { _ in }) throws {
        var template = Array("/tmp/a11y-access-XXXXXX".utf8CString)
        logFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        logPath = String(cString: template)
        var configuration = ServiceConfiguration()
        configuration.server.port = 0
        configuration.server.loops = 2
        configuration.server.workers = 2
        configuration.token = token
        configuration.accessLogFD = logFD
        adjust(&configuration)
        service = try A11yService(configuration: configuration)
    }

    deinit {
        service.stop()
        close(logFD)
        unlink(logPath)
    }

    var base: String { "http://127.0.0.1:\(service.port)" }

    /// Access-log lines, waiting up to 2 s for `count` of them: loops flush after the
    /// response is sent, so the client can be a moment ahead of the log.
    func logLines(atLeast count: Int) -> [String] {
        var lines = readLog()
        for _ in 0..<200 where lines.count < count {
            usleep(10_000)
            lines = readLog()
        }
        return lines
    }

    private func readLog() -> [String] {
        String(decoding: readFile(logPath) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

let buttonTree = #"{"root":{"id":"ok","type":"button","label":"OK","frame":{"x":0,"y":0,"width":100,"height":50}}}"#
