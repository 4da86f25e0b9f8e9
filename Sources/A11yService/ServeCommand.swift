import A11yCore
import CEpoll
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif
import A11yReports

/// `a11y-audit serve`: parses flags, serves until SIGTERM or SIGINT, drains, returns the
/// exit code (0 after a clean drain, 1 if the server cannot start, 2 for bad flags).
public func serveCommand(arguments: [String], environment: [String: String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        writeAll(ServiceConfiguration.usage, to: 1)
        return 0
    }
    let configuration: ServiceConfiguration
    do {
        configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment)
    } catch {
        writeAll("error: \(TerminalText.escape(error.description))\n\n\(ServiceConfiguration.usage)", to: 2)
        return 2
    }
    // Large buffers (bodies, answers, node tables) get their own mappings, unmapped when
    // freed. glibc otherwise raises this threshold after each large free, up to 32 MiB, and
    // the next large buffers come from the worker threads' heaps, which keep them: a server
    // that ran audits of several shapes then peaked 20-40% above the worst single audit
    // (docs/reliability.md, "Memory envelope").
    _ = cepoll_set_mmap_threshold(256 * 1_024)
    // Signals only write to this eventfd; the drain happens here, on the main thread.
    let stop = cepoll_eventfd()
    guard stop >= 0, cepoll_notify_stop_signals(stop) == 0 else {
        writeAll("error: cannot install signal handlers\n", to: 2)
        return 1
    }
    defer {
        cepoll_restore_stop_signals()
        close(stop)
    }
    let service: A11yService
    do {
        service = try A11yService(configuration: configuration)
    } catch {
        writeAll("error: \(TerminalText.escape(error.description))\n", to: 2)
        return 1
    }
    let host = configuration.server.host.contains(":") ? "[\(configuration.server.host)]" : configuration.server.host
    if configuration.servesUnauthenticatedRemotely {
        let warning = "UNAUTHENTICATED: --allow-unauthenticated given, anyone who can reach this address can use the service"
        writeAll("listening on http://\(host):\(service.port) (\(warning))\n", to: 1)
        writeAll("warning: \(warning)\n", to: 2)
    } else {
        writeAll("listening on http://\(host):\(service.port)\n", to: 1)
    }
    var waiting = pollfd(fd: stop, events: Int16(POLLIN), revents: 0)
    while poll(&waiting, 1, -1) <= 0 {}
    service.shutdown()
    service.wait()
    return 0
}

func writeAll(_ text: String, to fd: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
    }
}

/// The process environment as a dictionary (no Foundation here), for `serveCommand`.
public func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return result
}
