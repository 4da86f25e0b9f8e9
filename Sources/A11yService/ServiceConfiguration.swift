import A11yCore
import A11yImport
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif
import A11yOptions

/// Everything `serve` can be told, from flags or A11Y_AUDIT_* environment variables.
public struct ServiceConfiguration: Sendable {
    public var server = ServerConfiguration()
    /// Bearer token every route but health needs; nil disables auth.
    public var token: String?
    /// File descriptor for JSON access-log lines; nil turns the log off.
    public var accessLogFD: Int32? = 1
    /// Bytes of access-log lines waiting for the writer thread; more are dropped and counted.
    public var accessLogBufferBytes = 1 << 20
    /// Wall-clock seconds one audit may run before it stops with 503 (time budget).
    public var auditTimeout = 10.0
    /// An audit with a small body still goes to a worker when its JSON has more objects.
    public var inlineMaxObjects = 256
    /// Serve a non-loopback address with no token anyway (refused otherwise).
    public var allowUnauthenticated = false
    /// Browser origins allowed to call the API (CORS), as browsers send them; none by default.
    public var corsOrigins: [String] = []
    /// What decoding a request's screenshot may cost: its pixels are 4 bytes each decoded
    /// (`--max-screenshot-pixels`, default 16,777,216: 64 MiB of RGBA; a phone's is 2.6 M).
    public var screenshotLimits = ScreenshotLimits(maxPixels: 16 << 20, maxDecompressedBytes: 136 << 20)

    public init() {
        server.host = "127.0.0.1"
        server.port = 8080
    }
}

/// A flag `serve` rejects (exit code 2).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
}

/// One option: its flag, its environment variable, how it changes the configuration.
private struct Option: Sendable {
    let flag: String
    let environment: String
    let help: String
    /// Takes no value: `--flag` alone means "1".
    var isSwitch = false
    /// Repeatable: each flag adds a value; the flags then replace the environment's list.
    var clear: (@Sendable (inout ServiceConfiguration) -> Void)? = nil
    let apply: @Sendable (inout ServiceConfiguration, String) throws(UsageError) -> Void
}

extension ServiceConfiguration {
    public static let usage: String = {
        var text = "usage: a11y-audit serve [options]\n\nEach option can also be set by the environment variable shown; flags win.\n\n"
        for option in options {
            text += "  \(option.flag)\(option.isSwitch ? "" : " VALUE")".padding(28) + "\(option.environment.padding(30))\(option.help)\n"
        }
        return text
    }()

    private static let options: [Option] = [
        Option(flag: "--host", environment: "A11Y_AUDIT_HOST", help: "address to bind (default 127.0.0.1)") { c, v throws(UsageError) in
            guard !v.isEmpty else { throw UsageError(description: "--host needs an address") }
            c.server.host = v
        },
        Option(flag: "--port", environment: "A11Y_AUDIT_PORT", help: "TCP port, 0 picks a free one (default 8080)") { c, v throws(UsageError) in
            c.server.port = try integer(v, "--port", 0...65_535)
        },
        Option(flag: "--loops", environment: "A11Y_AUDIT_LOOPS", help: "event loops (default: one per core)") { c, v throws(UsageError) in
            c.server.loops = try integer(v, "--loops", 1...256)
        },
        Option(flag: "--workers", environment: "A11Y_AUDIT_WORKERS", help: "audit worker threads (default: cores, at least 2)") { c, v throws(UsageError) in
            c.server.workers = try integer(v, "--workers", 1...256)
        },
        Option(flag: "--inline-body-bytes", environment: "A11Y_AUDIT_INLINE_BODY_BYTES", help: "audits with bodies up to this size are tried on the event loop (1 ms of work, else handed to a worker), larger ones run on workers (default 16384)") { c, v throws(UsageError) in
            c.server.inlineBodyBytes = try integer(v, "--inline-body-bytes", 0...(1 << 40))
        },
        Option(flag: "--inline-max-objects", environment: "A11Y_AUDIT_INLINE_MAX_OBJECTS", help: "audits whose JSON has more objects than this go to a worker whatever their size (default 256)") { c, v throws(UsageError) in
            c.inlineMaxObjects = try integer(v, "--inline-max-objects", 0...1_000_000)
        },
        Option(flag: "--audit-timeout", environment: "A11Y_AUDIT_AUDIT_TIMEOUT", help: "seconds one audit may run, else 503 (default 10)") { c, v throws(UsageError) in
            c.auditTimeout = try seconds(v, "--audit-timeout")
        },
        Option(flag: "--max-buffered-bytes", environment: "A11Y_AUDIT_MAX_BUFFERED_BYTES", help: "request body memory across all connections, else 503 (default 64 MiB)") { c, v throws(UsageError) in
            c.server.maxBufferedBytes = try integer(v, "--max-buffered-bytes", 65_536...(1 << 40))
        },
        Option(flag: "--max-audit-memory", environment: "A11Y_AUDIT_MAX_AUDIT_MEMORY", help: "memory running audits may reserve at once: each reserves --audit-memory-factor × its body bytes + 8 MiB (at most this) before it runs and waits while that is not free; 0 for no bound (default 0)") { c, v throws(UsageError) in
            let bytes = try integer(v, "--max-audit-memory", 0...(1 << 40))
            c.server.maxOffloadMemory = bytes == 0 ? nil : bytes
        },
        Option(flag: "--audit-memory-factor", environment: "A11Y_AUDIT_AUDIT_MEMORY_FACTOR", help: "bytes an audit reserves per body byte under --max-audit-memory (default 200)") { c, v throws(UsageError) in
            c.server.offloadMemoryPerBodyByte = try integer(v, "--audit-memory-factor", 1...1_000_000)
        },
        Option(flag: "--max-screenshot-pixels", environment: "A11Y_AUDIT_MAX_SCREENSHOT_PIXELS", help: "most pixels (width × height) of a request's screenshot, else 400; decoded, each is 4 bytes (default 16777216)") { c, v throws(UsageError) in
            let pixels = try integer(v, "--max-screenshot-pixels", 1...40_000_000)
            c.screenshotLimits.maxPixels = pixels
            // 16-bit RGBA with a filter byte a row: at most 8 bytes a pixel inflated, plus the rows.
            c.screenshotLimits.maxDecompressedBytes = pixels * 8 + (8 << 20)
        },
        Option(flag: "--max-body-bytes", environment: "A11Y_AUDIT_MAX_BODY_BYTES", help: "request body limit, else 413 (default 8 MiB)") { c, v throws(UsageError) in
            c.server.limits.maxBodyBytes = try integer(v, "--max-body-bytes", 1...(1 << 40))
        },
        Option(flag: "--max-header-bytes", environment: "A11Y_AUDIT_MAX_HEADER_BYTES", help: "request head limit, else 431 (default 16384)") { c, v throws(UsageError) in
            c.server.limits.maxHeadBytes = try integer(v, "--max-header-bytes", 256...(1 << 20))
            c.server.limits.maxTargetBytes = min(c.server.limits.maxTargetBytes, c.server.limits.maxHeadBytes)
        },
        Option(flag: "--max-connections", environment: "A11Y_AUDIT_MAX_CONNECTIONS", help: "open connections per loop (default 10000)") { c, v throws(UsageError) in
            c.server.maxConnectionsPerLoop = try integer(v, "--max-connections", 1...1_000_000)
        },
        Option(flag: "--header-timeout", environment: "A11Y_AUDIT_HEADER_TIMEOUT", help: "seconds to receive a request head, else 408 (default 10)") { c, v throws(UsageError) in
            c.server.headerTimeout = try seconds(v, "--header-timeout")
        },
        Option(flag: "--body-timeout", environment: "A11Y_AUDIT_BODY_TIMEOUT", help: "seconds to receive a body, else 408 (default 30)") { c, v throws(UsageError) in
            c.server.bodyTimeout = try seconds(v, "--body-timeout")
        },
        Option(flag: "--idle-timeout", environment: "A11Y_AUDIT_IDLE_TIMEOUT", help: "seconds an idle keep-alive connection stays open (default 60)") { c, v throws(UsageError) in
            c.server.idleTimeout = try seconds(v, "--idle-timeout")
        },
        Option(flag: "--drain-seconds", environment: "A11Y_AUDIT_DRAIN_SECONDS", help: "on SIGTERM, time allowed for in-flight requests (default 10)") { c, v throws(UsageError) in
            c.server.drainTimeout = try seconds(v, "--drain-seconds")
        },
        Option(flag: "--token-file", environment: "A11Y_AUDIT_TOKEN_FILE", help: "file holding the bearer token (default: no auth)") { c, v throws(UsageError) in
            c.token = try readToken(v)
        },
        Option(flag: "--allow-unauthenticated", environment: "A11Y_AUDIT_ALLOW_UNAUTHENTICATED", help: "RISK: serve a non-loopback address with no token (refused otherwise)", isSwitch: true) { c, v throws(UsageError) in
            c.allowUnauthenticated = try boolean(v, "--allow-unauthenticated")
        },
        Option(flag: "--cors-origin", environment: "A11Y_AUDIT_CORS_ORIGINS", help: "browser origin allowed to call the API, scheme://host[:port] or null; repeat the flag, or separate by commas (default: none)", clear: { $0.corsOrigins = [] }) { c, v throws(UsageError) in
            // An empty value (A11Y_AUDIT_CORS_ORIGINS=) allows none.
            for origin in v.split(separator: ",", omittingEmptySubsequences: false) where !v.trimmingSpaces().isEmpty {
                switch CORS.normalised(String(origin).trimmingSpaces()) {
                case .success(let normalised): if !c.corsOrigins.contains(normalised) { c.corsOrigins.append(normalised) }
                case .failure(let error): throw UsageError(description: "--cors-origin \(error.message)")
                }
            }
        },
        Option(flag: "--access-log", environment: "A11Y_AUDIT_ACCESS_LOG", help: "on|off: JSON access log on stdout (default on)") { c, v throws(UsageError) in
            switch v {
            case "on": c.accessLogFD = 1
            case "off": c.accessLogFD = nil
            default: throw UsageError(description: "--access-log must be on or off, not \"\(v)\"")
            }
        },
    ]

    /// Environment first, then flags ("--flag value" or "--flag=value").
    public static func parse(arguments: [String], environment: [String: String]) throws(UsageError) -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        for option in options {
            if let value = environment[option.environment] {
                do { try option.apply(&configuration, value) } catch {
                    throw UsageError(description: "\(option.environment): \(error.description)")
                }
            }
        }
        var cleared = Set<String>()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.flag == name }) else {
                throw UsageError(description: "unknown option \(argument)")
            }
            if let clear = option.clear, cleared.insert(option.flag).inserted { clear(&configuration) }
            if value == nil, option.isSwitch { value = "1" }
            if value == nil {
                index += 1
                guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
                value = arguments[index]
            }
            try option.apply(&configuration, value!)
            index += 1
        }
        if configuration.token == nil, !configuration.allowUnauthenticated,
           !isLoopback(configuration.server.host) {
            throw UsageError(description: """
                refusing to serve \(configuration.server.host) without a token: anyone who can reach it could \
                use the service. Give --token-file FILE (A11Y_AUDIT_TOKEN_FILE), bind a loopback address, or \
                accept the risk with --allow-unauthenticated (A11Y_AUDIT_ALLOW_UNAUTHENTICATED=1)
                """)
        }
        return configuration
    }

    /// Whether the service answers a non-loopback address with no token (only with
    /// `allowUnauthenticated`): said on the start line and in /metrics.
    public var servesUnauthenticatedRemotely: Bool {
        token == nil && !Self.isLoopback(server.host)
    }

    /// `localhost`, 127.0.0.0/8 or ::1: only this machine can connect.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && Int(part)! <= 255
        }
    }

    private static func boolean(_ text: String, _ flag: String) throws(UsageError) -> Bool {
        switch text.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off", "": return false
        default: throw UsageError(description: "\(flag) must be 1/true/yes/on or 0/false/no/off, not \"\(text)\"")
        }
    }

    private static func integer(_ text: String, _ flag: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = DecimalNumber.integer(text, in: range) else {
            throw UsageError(description: "\(flag) must be an integer in \(range.lowerBound)...\(range.upperBound), not \"\(text)\"")
        }
        return value
    }

    private static func seconds(_ text: String, _ flag: String) throws(UsageError) -> Double {
        guard let value = DecimalNumber.double(text, in: 0...86_400), value > 0 else {
            throw UsageError(description: "\(flag) must be a decimal number of seconds above 0 and at most 86400, not \"\(text)\"")
        }
        return value
    }

    private static func readToken(_ path: String) throws(UsageError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw UsageError(description: "cannot open token file \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while bytes.count <= 65_536 {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        // A trailing newline from `echo token > file` is not part of the token.
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
        guard !bytes.isEmpty else { throw UsageError(description: "token file \(path) is empty") }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw UsageError(description: "token file \(path) must hold one token of visible ASCII")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }

    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
