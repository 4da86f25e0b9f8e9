import Testing
@testable import A11yService
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

@Suite("Graceful drain", .serialized)
struct DrainTests {
    @Test func drainAnswersInFlightRequestsWithReadinessDown() throws {
        let harness = try ServiceHarness { $0.server.drainTimeout = 5 }
        let client = CurlClient()
        #expect(client.request("GET", harness.base + "/readyz")?.status == 200)
        // A request already on its way when shutdown starts.
        let inFlight = try Socket(port: harness.service.port)
        inFlight.send("GET /readyz HTTP/1.1\r\nHost: t\r\n")
        var tries = 0
        while harness.service.server.stats().openConnections < 2, tries < 1_000 { usleep(1_000); tries += 1 }
        harness.service.shutdown()
        inFlight.send("\r\n")
        let answer = inFlight.readAll()
        #expect(answer.hasPrefix("HTTP/1.1 503 "))
        #expect(answer.contains("Connection: close\r\n"))
        #expect(answer.hasSuffix(#"{"status":"draining"}"#))
        harness.service.wait()
        #expect(client.request("GET", harness.base + "/healthz") == nil)
    }
}

/// Just enough of a raw client for a request split around the shutdown.
final class Socket {
    let fd: Int32
    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if rc != 0 { throw SocketError() }
    }
    deinit { close(fd) }
    struct SocketError: Error {}

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Until the server closes (or 5 s pass).
    func readAll() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
