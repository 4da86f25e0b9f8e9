#if canImport(Glibc)
import Glibc
#endif

/// Maps items `0..<count` on `jobs` threads and hands the results to the calling thread in item
/// order, with at most `window` items started but not yet consumed: memory holds a bounded
/// number of results however many items there are.
///
/// `work` may call `turn.inOrder { }` once for a step that must see the items in order (a
/// baseline entry absorbs the first finding that matches it, in screen order): that step
/// waits until every earlier item has taken its own (or finished without one). Everything
/// before and after it runs in parallel.
///
/// `consume` returns false to stop: items not yet started are skipped, started ones finish.
enum OrderedParallelMap {
    static func run<Output>(count: Int, jobs: Int, window: Int,
                            work: @escaping @Sendable (Int, Turn) -> Output,
                            consume: (Int, Output) -> Bool) {
        guard count > 0 else { return }
        if jobs <= 1 {
            // One job: no threads, the same order.
            let turn = Turn(state: nil, item: 0)
            for i in 0..<count {
                turn.item = i
                guard consume(i, work(i, turn)) else { return }
            }
            return
        }
        let state = State<Output>(window: max(window, jobs))
        var threads: [pthread_t] = []
        for _ in 0..<min(jobs, count) {
            threads.append(startThread { state.workLoop(count: count, work: work) })
        }
        for i in 0..<count {
            let output = state.take(i)
            if !consume(i, output) {
                state.stop()
                break
            }
        }
        state.stop()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// An item's place in the in-order step.
    final class Turn: @unchecked Sendable {
        fileprivate let state: Sequencer?
        fileprivate(set) var item: Int
        fileprivate var taken = false

        fileprivate init(state: Sequencer?, item: Int) { self.state = state; self.item = item }

        /// Runs `body` after every earlier item's in-order step, before any later one's.
        func inOrder<R>(_ body: () throws -> R) rethrows -> R {
            taken = true
            guard let state else { return try body() }
            state.wait(for: item)
            defer { state.pass(item) }
            return try body()
        }
    }

    /// The lock, conditions and turn counter the threads share.
    fileprivate class Sequencer: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// The item whose in-order step may run now.
        var turn = 0

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(changed, nil)
        }

        deinit {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(mutex)
            changed.deallocate()
            mutex.deallocate()
        }

        func locked<R>(_ body: () -> R) -> R {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }

        func wait(for item: Int) {
            locked { while turn != item { pthread_cond_wait(changed, mutex) } }
        }

        func pass(_ item: Int) {
            locked {
                turn = item + 1
                pthread_cond_broadcast(changed)
            }
        }
    }

    fileprivate final class State<Output>: Sequencer, @unchecked Sendable {
        let window: Int
        var slots: [Output?]
        var next = 0          // next item to start
        var consumed = 0      // items the caller has taken
        var stopping = false

        init(window: Int) {
            self.window = window
            slots = Array(repeating: nil, count: window)
        }

        func workLoop(count: Int, work: (Int, Turn) -> Output) {
            while true {
                let item: Int? = locked {
                    while !stopping && next < count && next - consumed >= window { pthread_cond_wait(changed, mutex) }
                    guard !stopping, next < count else { return nil }
                    next += 1
                    return next - 1
                }
                guard let item else { return }
                let turn = Turn(state: self, item: item)
                let output = work(item, turn)
                if !turn.taken { turn.inOrder {} }
                locked {
                    slots[item % window] = output
                    pthread_cond_broadcast(changed)
                }
            }
        }

        func take(_ item: Int) -> Output {
            locked {
                while slots[item % window] == nil { pthread_cond_wait(changed, mutex) }
                let output = slots[item % window]!
                slots[item % window] = nil
                consumed += 1
                pthread_cond_broadcast(changed)
                return output
            }
        }

        func stop() {
            locked {
                stopping = true
                pthread_cond_broadcast(changed)
            }
        }
    }

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// A thread with a 64 MiB stack, as the server's workers have: deep trees recurse.
    private static func startThread(_ run: @escaping () -> Void) -> pthread_t {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 64 << 20)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        let rc = pthread_create(&thread, &attributes, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        precondition(rc == 0, "cannot start a thread (error \(rc))")
        return thread
    }
}
