import Testing
@testable import A11yService
#if canImport(Glibc)
import Glibc
#endif

@Suite("serve flags and environment")
struct ConfigurationTests {
    @Test func defaults() throws {
        let configuration = try ServiceConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration.server.host == "127.0.0.1")
        #expect(configuration.server.port == 8080)
        #expect(configuration.token == nil)
        #expect(configuration.accessLogFD == 1)
    }

    @Test func flagsOverrideEnvironment() throws {
        let configuration = try ServiceConfiguration.parse(
            arguments: ["--port", "9000", "--loops=3", "--header-timeout", "2.5", "--access-log", "off"],
            environment: ["A11Y_AUDIT_PORT": "7000", "A11Y_AUDIT_HOST": "0.0.0.0", "A11Y_AUDIT_MAX_BODY_BYTES": "1234",
                          "A11Y_AUDIT_DRAIN_SECONDS": "3", "A11Y_AUDIT_ALLOW_UNAUTHENTICATED": "1"])
        #expect(configuration.server.port == 9000)
        #expect(configuration.server.host == "0.0.0.0")
        #expect(configuration.server.loops == 3)
        #expect(configuration.server.limits.maxBodyBytes == 1234)
        #expect(configuration.server.headerTimeout == 2.5)
        #expect(configuration.server.drainTimeout == 3)
        #expect(configuration.accessLogFD == nil)
        #expect(configuration.allowUnauthenticated)
    }

    @Test func aReachableAddressNeedsATokenOrAnExplicitRisk() throws {
        #expect(throws: UsageError.self) { try ServiceConfiguration.parse(arguments: ["--host", "0.0.0.0"], environment: [:]) }
        #expect(throws: UsageError.self) { try ServiceConfiguration.parse(arguments: ["--host=::"], environment: [:]) }
        #expect(throws: UsageError.self) {
            try ServiceConfiguration.parse(arguments: ["--allow-unauthenticated=0"], environment: ["A11Y_AUDIT_HOST": "10.0.0.1"])
        }
        for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] {
            let loopback = try ServiceConfiguration.parse(arguments: ["--host", host], environment: [:])
            #expect(!loopback.servesUnauthenticatedRemotely)
        }
        let risky = try ServiceConfiguration.parse(arguments: ["--host", "0.0.0.0", "--allow-unauthenticated"], environment: [:])
        #expect(risky.servesUnauthenticatedRemotely)
        let fromEnvironment = try ServiceConfiguration.parse(
            arguments: ["--host", "0.0.0.0"], environment: ["A11Y_AUDIT_ALLOW_UNAUTHENTICATED": "true"])
        #expect(fromEnvironment.allowUnauthenticated)
        #expect(throws: UsageError.self) {
            try ServiceConfiguration.parse(arguments: ["--allow-unauthenticated=maybe"], environment: [:])
        }
    }

    @Test func hardeningFlags() throws {
        let configuration = try ServiceConfiguration.parse(
            arguments: ["--audit-timeout", "2.5", "--max-buffered-bytes=1048576", "--inline-max-objects", "10"],
            environment: [:])
        #expect(configuration.auditTimeout == 2.5)
        #expect(configuration.server.maxBufferedBytes == 1_048_576)
        #expect(configuration.inlineMaxObjects == 10)
        let defaults = try ServiceConfiguration.parse(arguments: [], environment: [:])
        #expect(defaults.auditTimeout == 10)
        #expect(defaults.server.maxBufferedBytes == 64 * 1_048_576)
        #expect(throws: UsageError.self) { try ServiceConfiguration.parse(arguments: ["--audit-timeout", "0"], environment: [:]) }
    }

    @Test func auditMemoryFlags() throws {
        let configuration = try ServiceConfiguration.parse(
            arguments: ["--max-audit-memory", "100663296", "--audit-memory-factor=150"], environment: [:])
        #expect(configuration.server.maxOffloadMemory == 96 << 20)
        #expect(configuration.server.offloadMemoryPerBodyByte == 150)
        let defaults = try ServiceConfiguration.parse(arguments: [], environment: ["A11Y_AUDIT_MAX_AUDIT_MEMORY": "0"])
        #expect(defaults.server.maxOffloadMemory == nil)
        #expect(defaults.server.offloadMemoryPerBodyByte == 200)
        #expect(throws: UsageError.self) {
            try ServiceConfiguration.parse(arguments: ["--audit-memory-factor", "0"], environment: [:])
        }
    }

    @Test(arguments: [
        ["--port", "70000"], ["--port"], ["--loops", "0"], ["--bogus", "1"], ["--idle-timeout", "-1"],
        ["--token-file", "/nonexistent/token"], ["--access-log", "maybe"], ["--max-body-bytes", "ten"],
        // Numbers are plain decimal text (`DecimalNumber`): what Int() or Double() would also take is refused.
        ["--port", "0x50"], ["--port", "+80"], ["--workers", "2.0"], ["--max-body-bytes", "8e6"],
        ["--audit-timeout", "1e1"], ["--audit-timeout", "0x10"], ["--header-timeout", "inf"], ["--drain-seconds", ".5"],
    ])
    func badFlagsAreRejected(arguments: [String]) {
        #expect(throws: UsageError.self) { try ServiceConfiguration.parse(arguments: arguments, environment: [:]) }
        #expect(serveCommand(arguments: arguments, environment: [:]) == 2)
    }

    @Test func badEnvironmentIsRejected() {
        #expect(serveCommand(arguments: [], environment: ["A11Y_AUDIT_PORT": "x"]) == 2)
        #expect(serveCommand(arguments: [], environment: ["A11Y_AUDIT_PORT": "0x50"]) == 2)
        #expect(serveCommand(arguments: [], environment: ["A11Y_AUDIT_AUDIT_TIMEOUT": "1e1"]) == 2)
    }

    @Test func tokenFileIsTrimmed() throws {
        let path = "/tmp/a11y-token-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = "tok-en\n".withCString { write(fd, $0, 7) }
        close(fd)
        defer { unlink(path) }
        let configuration = try ServiceConfiguration.parse(arguments: ["--token-file", path], environment: [:])
        #expect(configuration.token == "tok-en")
    }
}
