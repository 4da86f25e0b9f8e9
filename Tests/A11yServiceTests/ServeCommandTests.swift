import Synchronization
import Testing
@testable import A11yService
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

@Suite("serve command")
struct ServeCommandTests {
    /// The real entry point: serves until SIGTERM, drains, returns 0.
    @Test func sigtermDrainsAndReturnsZero() throws {
        let port = try freePort()
        let exitCode = Atomic<Int32>(-1)
        let thread = try Threads.start(stackBytes: 1 << 20) {
            exitCode.store(serveCommand(arguments: ["--port", "\(port)", "--loops", "1", "--access-log", "off"],
                                        environment: ["A11Y_AUDIT_DRAIN_SECONDS": "2"]), ordering: .relaxed)
        }
        let client = CurlClient()
        var health: CurlResult?
        for _ in 0..<500 where health == nil {
            health = client.request("GET", "http://127.0.0.1:\(port)/healthz", timeoutSeconds: 1)
            if health == nil { usleep(10_000) }
        }
        #expect(health?.status == 200)
        kill(getpid(), SIGTERM)
        Threads.join(thread)
        #expect(exitCode.load(ordering: .relaxed) == 0)
        #expect(CurlClient().request("GET", "http://127.0.0.1:\(port)/healthz", timeoutSeconds: 1) == nil)
    }

    private func freePort() throws -> Int {
        let probe = try HTTPServer(configuration: {
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.loops = 1
            return configuration
        }())
        return probe.port  // the listener closes when `probe` goes away
    }
}
