import Foundation
import KanbanCore

/// The steps the workload's decider thread decided (each step's events, in order), on their
/// way to the thread that appends them: at most ``capacity`` events wait, so the decider runs
/// at most that far ahead. A step's events stay together, as a command's are.
final class DecidedSteps: @unchecked Sendable {
    // @unchecked: every field is read and written under `condition`'s lock.
    private let condition = NSCondition()
    private var queued: [[RecordedEvent]] = []
    private var queuedEvents = 0
    private var isFinished = false
    private var isCancelled = false
    private var failure: (any Error)?
    /// How many events may wait before the decider does.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Queues `steps`, which hold `events` events, once fewer than ``capacity`` wait; `false`
    /// when the writer has stopped taking them.
    func push(_ steps: [[RecordedEvent]], events: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queuedEvents >= capacity && !isCancelled { condition.wait() }
        guard !isCancelled else { return false }
        queued.append(contentsOf: steps)
        queuedEvents += events
        condition.broadcast()
        return true
    }

    /// The decider stopped: it decided everything (`failure` nil) or failed with `failure`.
    func finish(failure: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        isFinished = true
        self.failure = failure
        condition.broadcast()
    }

    /// Every step queued, once there is one; none once the decider finished and all were
    /// taken, or its failure then.
    func takeAll() throws -> [[RecordedEvent]] {
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty && !isFinished { condition.wait() }
        if queued.isEmpty, let failure { throw failure }
        let taken = queued
        queued = []
        queuedEvents = 0
        condition.broadcast()
        return taken
    }

    /// The writer stops taking steps: the decider stops at its next push.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        isCancelled = true
        condition.broadcast()
    }
}
