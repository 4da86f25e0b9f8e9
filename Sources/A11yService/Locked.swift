import Synchronization

/// A Mutex in a class, so several can live in an array (Mutex itself is not copyable).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R>(_ body: (inout sending Value) throws -> sending R) rethrows -> sending R {
        try mutex.withLock(body)
    }
}
