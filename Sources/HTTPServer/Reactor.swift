import CEpoll
#if canImport(Glibc)
import Glibc
#endif

/// What a reactor tells its owner: descriptors that became ready, a wake-up from another
/// thread, and the passing of time. The owner gives descriptors their meaning (a listener,
/// an HTTP connection); the reactor only knows numbers and readiness.
protocol ReactorHandler: AnyObject {
    /// The clock moved to `now` (monotonic nanoseconds): called after every wait, before its events.
    func clockMoved(to now: UInt64)
    /// A descriptor registered with `token` is ready.
    func ready(_ token: UInt64, _ readiness: Readiness)
    /// `Reactor.wake` was called, from any thread, since the last call.
    func woken()
    /// One batch of events was handled (not called after a wait that timed out).
    func batchEnded()
    /// Called every `Reactor.tickNanos`: the owner's timers (deadlines) are checked here.
    func tick()
    /// Asked after every turn; false ends `Reactor.run`.
    func shouldContinue() -> Bool
}

/// What a descriptor is watched for (epoll interest bits).
struct Interest: OptionSet, Equatable {
    let rawValue: UInt32
    static let read = Interest(rawValue: UInt32(CEPOLL_IN))
    static let write = Interest(rawValue: UInt32(CEPOLL_OUT))
    /// The peer ended its side, reported even while `read` is not asked for.
    static let peerHangUp = Interest(rawValue: UInt32(CEPOLL_RDHUP))
}

/// What a ready descriptor is ready for (the epoll event bits).
struct Readiness {
    let events: UInt32
    var failed: Bool { events & UInt32(CEPOLL_ERR) != 0 }
    /// Bytes (or the end of the stream) can be read.
    var readable: Bool { events & UInt32(CEPOLL_IN | CEPOLL_HUP) != 0 }
    var writable: Bool { events & UInt32(CEPOLL_OUT) != 0 }
    var peerHungUp: Bool { events & UInt32(CEPOLL_RDHUP) != 0 }
}

/// A file-event and timer loop on one thread, as Redis's `ae.c` over `ae_epoll.c`: epoll
/// (level-triggered) over registered descriptors, an eventfd other threads use to wake it,
/// and one periodic tick for timers. Nothing here knows HTTP.
final class Reactor {
    /// How often `ReactorHandler.tick` runs, and the longest a wait lasts.
    static let tickNanos: UInt64 = 100_000_000
    /// The wake eventfd's token: no owner token uses all 64 bits.
    private static let wakeToken = UInt64.max

    private let epfd: Int32
    private let wakeFD: Int32
    /// Monotonic nanoseconds, read once after every wait (by the loop's thread alone: no
    /// run-time exclusivity check, see `HTTPConnection.state`).
    @exclusivity(unchecked) private(set) var now: UInt64 = 0

    init() throws(ServerError) {
        epfd = cepoll_create()
        wakeFD = cepoll_eventfd()
        guard epfd >= 0, wakeFD >= 0 else {
            if epfd >= 0 { close(epfd) }
            if wakeFD >= 0 { close(wakeFD) }
            throw ServerError(description: "cannot create epoll (errno \(errnoValue()))")
        }
        _ = cepoll_add(epfd, wakeFD, UInt32(CEPOLL_IN), Self.wakeToken)
    }

    deinit {
        close(epfd)
        close(wakeFD)
    }

    /// Starts watching `fd`; its events carry `token`. False when epoll refuses it.
    func watch(_ fd: Int32, for interest: Interest, token: UInt64) -> Bool {
        cepoll_add(epfd, fd, interest.rawValue, token) == 0
    }

    func change(_ fd: Int32, to interest: Interest, token: UInt64) {
        _ = cepoll_modify(epfd, fd, interest.rawValue, token)
    }

    /// Stops watching `fd` (closing it does as much).
    func unwatch(_ fd: Int32) {
        _ = cepoll_remove(epfd, fd)
    }

    /// Wakes the loop: safe from any thread.
    func wake() { _ = cepoll_eventfd_signal(wakeFD) }

    /// Waits for events and ticks until `handler.shouldContinue()` answers false.
    func run(_ handler: some ReactorHandler) {
        var events = [cepoll_event](repeating: cepoll_event(), count: 256)
        now = cepoll_monotonic_ns()
        handler.clockMoved(to: now)
        var nextTick = now + Self.tickNanos
        while true {
            let ready = events.withUnsafeMutableBufferPointer {
                cepoll_wait(epfd, $0.baseAddress, Int32($0.count), Int32(Self.tickNanos / 1_000_000))
            }
            now = cepoll_monotonic_ns()
            handler.clockMoved(to: now)
            if ready > 0 {
                for k in 0..<Int(ready) {
                    let event = events[k]
                    if event.data == Self.wakeToken {
                        _ = cepoll_eventfd_drain(wakeFD)
                        handler.woken()
                    } else {
                        handler.ready(event.data, Readiness(events: event.events))
                    }
                }
                handler.batchEnded()
            }
            if now >= nextTick {
                handler.tick()
                nextTick = now + Self.tickNanos
            }
            if !handler.shouldContinue() { return }
        }
    }
}
