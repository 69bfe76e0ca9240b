extension KanbanEngine {
    /// Waits until this database holds the log through `sequence` — on a node of a shared log,
    /// until its follower has copied in another node's write — or until `timeout` has passed.
    /// Returns whether it holds it. Wakes on this process's commits (the follower's copies
    /// among them) and looks again every 50 ms besides, for another process's.
    ///
    /// A node that had another node carry out a write answers once its own reads show it.
    public func waitForLog(through sequence: UInt64, timeout: Duration) async throws -> Bool {
        let subscription = CommittedEvents.Subscription(signal: commits)
        let deadline = ContinuousClock.now + timeout
        while true {
            if try lastSequence() >= sequence { return true }
            let left = deadline - ContinuousClock.now
            if left <= .zero || Task.isCancelled { return false }
            await subscription.doorbell.wait(timeout: min(left, .milliseconds(50)))
        }
    }
}
