import CEpoll

/// Starts threads with an explicit stack size (Foundation's Thread is not used: no Foundation).
public enum Threads {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    public static func start(stackBytes: Int, _ run: @escaping @Sendable () -> Void) throws(ServerError) -> UInt64 {
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        var handle: UInt64 = 0
        let rc = cepoll_thread_start({ context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        }, context, stackBytes, &handle)
        guard rc == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw ServerError(description: "cannot start a thread (errno \(errnoValue()))")
        }
        return handle
    }

    public static func join(_ handle: UInt64) { _ = cepoll_thread_join(handle) }
}
