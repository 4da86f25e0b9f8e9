#if canImport(Glibc)
import Glibc
#endif

/// Waits (up to 5 s, polling every 10 ms) until `condition` holds; false if it never does.
/// For state another thread changes, such as a server's counters after a client hangs up.
public func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
