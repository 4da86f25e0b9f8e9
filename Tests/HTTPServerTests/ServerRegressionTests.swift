import Testing
@testable import HTTPServer

/// Event-loop faults the soak and conformance work found, kept as tests (the parser's are
/// in HTTPParserTests).
@Suite("Server regressions")
struct ServerRegressionTests {
    /// Soak: a few fresh connections were reset before any answer. A worker's answer met a
    /// reset peer and closed its connection; the listener reused the fd number in the same
    /// epoll batch; the old connection's pending error event then closed the new one.
    @Test func anEventForAClosedConnectionDoesNotActOnItsFdsNextOwner() {
        let old = Connection(fd: 10, serial: 41, bufferBytes: 16)
        let next = Connection(fd: 10, serial: 42, bufferBytes: 16)
        let pending = EventLoop.connectionData(fd: old.fd, serial: old.serial)
        #expect(EventLoop.isCurrent(pending, old))
        #expect(!EventLoop.isCurrent(pending, next))
        #expect(EventLoop.isCurrent(EventLoop.connectionData(fd: 10, serial: 42), next))
        // Tagged apart from the listener and wake events (tags 1 and 2 in the high word).
        #expect(pending >> 63 == 1)
    }
}
