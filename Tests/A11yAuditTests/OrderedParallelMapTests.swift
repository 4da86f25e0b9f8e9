import Synchronization
import Testing
@testable import A11yAudit

/// The helper the batch runs on: results in item order, a bounded window of items in flight,
/// the in-order step taken in item order, and an early stop that returns.
@Suite struct OrderedParallelMapTests {
    final class Record: Sendable {
        let started = Mutex(0)
        let consumed = Mutex(0)
        let mostInFlight = Mutex(0)
        let steps = Mutex<[Int]>([])
    }

    @Test(arguments: [1, 2, 4])
    func resultsComeInOrderWithABoundedWindow(jobs: Int) {
        let record = Record()
        let window = 2 * jobs
        var seen: [Int] = []
        OrderedParallelMap.run(count: 300, jobs: jobs, window: window, work: { item, turn in
            let started = record.started.withLock { $0 += 1; return $0 }
            let inFlight = started - record.consumed.withLock { $0 }
            record.mostInFlight.withLock { $0 = max($0, inFlight) }
            // Later items often finish first: uneven work.
            var spin = 0
            for i in 0..<((300 - item) % 7 * 2_000) { spin &+= i }
            turn.inOrder { record.steps.withLock { $0.append(item) } }
            return item * 10 + (spin == -1 ? 1 : 0)
        }, consume: { item, output in
            // A slow reader now and then: unbounded workers would run far ahead of it.
            var spin = 0
            for i in 0..<(item % 5 == 0 ? 50_000 : 0) { spin &+= i }
            record.consumed.withLock { $0 += 1 }
            seen.append(output + (spin == -1 ? 1 : 0))
            #expect(output == item * 10)
            return true
        })
        #expect(seen == (0..<300).map { $0 * 10 })
        #expect(record.steps.withLock { $0 } == Array(0..<300))
        // The window, plus the item the caller holds: the helper lets the next item start as
        // soon as it hands one over, before `consume` counts it here.
        #expect(record.mostInFlight.withLock { $0 } <= window + 1)
    }

    @Test func stoppingEarlyReturnsWithoutStartingTheRest() {
        let record = Record()
        var consumed = 0
        OrderedParallelMap.run(count: 1_000, jobs: 3, window: 4, work: { item, _ in
            record.started.withLock { $0 += 1 }
            return item
        }, consume: { item, _ in
            consumed += 1
            return item < 10
        })
        #expect(consumed == 11)
        // Only the window past the stopping item may have started.
        #expect(record.started.withLock { $0 } <= 11 + 4)
    }
}
