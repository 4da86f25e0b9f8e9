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
        let context = testContext(Router())
        let old = Connection(fd: 10, serial: 41, http: HTTPConnection(context: context))
        let next = Connection(fd: 10, serial: 42, http: HTTPConnection(context: context))
        let pending = EventLoop.connectionToken(fd: old.fd, serial: old.serial)
        #expect(EventLoop.isCurrent(pending, old))
        #expect(!EventLoop.isCurrent(pending, next))
        #expect(EventLoop.isCurrent(EventLoop.connectionToken(fd: 10, serial: 42), next))
        // Tagged apart from the listener (tag 1 in the high word) and the reactor's wake-up (all ones).
        #expect(pending >> 63 == 1)
    }
}
