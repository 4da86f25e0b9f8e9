import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
import A11yCoreTestSupport

/// The caller's poll is asked inside the engines and between the rules, so a stop
/// requested mid-audit ends it with the poll's reason.
@Suite struct AuditInterruptTests {
    /// Counts polls and answers `reason` from the `firesAt`-th on.
    final class Poll: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        let firesAt: Int, reason: InterruptReason
        init(firesAt: Int, reason: InterruptReason) { self.firesAt = firesAt; self.reason = reason }
        var polls: Int { lock.withLock { count } }
        var interrupt: AuditInterrupt {
            AuditInterrupt { [self] in
                lock.withLock {
                    count += 1
                    return count >= firesAt ? reason : nil
                }
            }
        }
    }

    /// One combined element over many containers: its single composition walks them all.
    private let oneLargeElement = "{\"root\":{\"type\":\"view\",\"grouping\":\"combine\",\"children\":["
        + (0..<3_000).map { "{\"type\":\"view\",\"children\":[{\"type\":\"text\",\"text\":\"t\($0)\"}]}" }.joined(separator: ",")
        + "]}}"

    private func run(_ json: String, _ poll: Poll) -> InputError? {
        switch Tree.audit(json, interrupt: poll.interrupt) {
        case .success: return nil
        case .failure(let error): return error
        }
    }

    @Test func aStagesPollAsksOnTheFirstUnitThenOncePerIntervalAndKeepsTheFirstReason() throws {
        let counting = Poll(firesAt: 3, reason: .timeBudget)
        let poll = InterruptPoll(counting.interrupt, every: 100)
        #expect(!poll.stopping(after: 1))
        #expect(counting.polls == 1, "asked on the first unit")
        for _ in 0..<99 { #expect(!poll.stopping()) }
        #expect(counting.polls == 1, "not again within the interval")
        #expect(!poll.stopping(after: 1))
        #expect(counting.polls == 2, "asked again once the interval is spent")
        // Asked now (between phases): the interrupt answers and the stage must stop.
        #expect(poll.stoppingNow())
        #expect(poll.reason == .timeBudget)
        // Kept: later questions answer the same without asking, and throwing work throws it.
        #expect(poll.stopping())
        #expect(counting.polls == 3)
        let thrown = #expect(throws: InputError.self) { try poll.step() }
        #expect(thrown?.kind == .timeBudget)
        #expect(counting.polls == 3)
    }

    @Test func pollCountsWhenNothingStops() {
        let poll = Poll(firesAt: .max, reason: .cancelled)
        #expect(run(oneLargeElement, poll) == nil)
        // Besides the checks between engines and rules, the composition's walk asks too.
        #expect(poll.polls > 3_000)
    }

    @Test func cancelInsideOneElementsCompositionStopsTheAudit() throws {
        let poll = Poll(firesAt: 100, reason: .cancelled)
        let error = try #require(run(oneLargeElement, poll))
        #expect(error.kind == .cancelled)
        #expect(poll.polls == 100, "stopped at the first poll that answered")
    }

    @Test func timeBudgetDuringRulesStopsTheAudit() throws {
        let counting = Poll(firesAt: .max, reason: .timeBudget)
        #expect(run(oneLargeElement, counting) == nil)
        // The last polls are the rule runner's, one per rule.
        let poll = Poll(firesAt: counting.polls - 5, reason: .timeBudget)
        let error = try #require(run(oneLargeElement, poll))
        #expect(error.kind == .timeBudget)
    }

    @Test func manyNodesArePolledWhileElementsAreCollected() throws {
        let flat = "{\"root\":{\"type\":\"view\",\"children\":["
            + (0..<10_000).map { "{\"type\":\"text\",\"text\":\"t\($0)\"}" }.joined(separator: ",") + "]}}"
        let counting = Poll(firesAt: .max, reason: .cancelled)
        #expect(run(flat, counting) == nil)
        #expect(counting.polls >= 10_000 / 2_048 + 2, "collection polls every few thousand nodes")
        let error = try #require(run(flat, Poll(firesAt: 6, reason: .cancelled)))
        #expect(error.kind == .cancelled)
    }
}
