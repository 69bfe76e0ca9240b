import Foundation

/// Holds threads until `parties` of them wait, then lets them all go; reusable round after round.
public final class ThreadBarrier: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `condition`.
    private let condition = NSCondition()
    private let parties: Int
    private var waiting = 0
    private var round = 0

    public init(parties: Int) {
        self.parties = parties
    }

    /// Blocks until `parties` threads are waiting here (at most `timeout`); `false` when it timed out.
    @discardableResult
    public func wait(timeout: TimeInterval = 30) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let current = round
        waiting += 1
        if waiting == parties {
            waiting = 0
            round += 1
            condition.broadcast()
            return true
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while round == current {
            if !condition.wait(until: deadline) { return round != current }
        }
        return true
    }
}
