#if canImport(Glibc)
import Glibc
#endif

/// Temporary files a run would leave behind if it were stopped from outside (Ctrl-C, a CI
/// job's timeout: SIGINT, SIGTERM, SIGHUP): report files and baselines not yet renamed into
/// place (`FileIO.AtomicFile`). They are registered while they exist; the signal handler
/// removes them, then lets the signal end the process as it would have (exit status 128 + N).
/// The table is a fixed block of C strings, so the handler only reads memory and calls
/// `unlink`, which is safe in a signal handler; it is changed on the main thread only.
enum InterruptCleanup {
    /// More temporary files than a run has at once (one per `--output`, plus a baseline).
    static let capacity = 256
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    /// Installs the handler (once, before any temporary file exists). The signals are also
    /// unblocked: a parent that blocks them (a server waiting on them with signalfd) passes
    /// its mask on to the processes it starts, and a blocked SIGTERM would never end the run.
    static func install() {
        _ = slots
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(signal) { number in
                for i in 0..<InterruptCleanup.capacity {
                    if let path = InterruptCleanup.slots[i] { unlink(path) }
                }
                _ = Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// Remembers `path` for removal on an interrupt (when the table is full it is not: the
    /// file is still removed by every ordinary failure).
    static func remember(_ path: String) {
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return
        }
    }

    /// Forgets `path` (renamed into place or removed).
    static func forget(_ path: String) {
        for i in 0..<capacity {
            guard let slot = slots[i], strcmp(slot, path) == 0 else { continue }
            slots[i] = nil
            free(slot)
            return
        }
    }
}
