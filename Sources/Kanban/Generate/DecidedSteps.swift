import Foundation
import KanbanCore

/// The steps the workload's decider thread decided (each step's events, in order), in chunks on
/// their way to the thread that appends them: at most ``capacity`` events wait, so the decider
/// runs at most that far ahead. A step's events stay together, as a command's are.
final class DecidedSteps: @unchecked Sendable {
    // @unchecked: every field is read and written under `condition`'s lock.
    private let condition = NSCondition()
    private var queued: [DecidedChunk] = []
    private var queuedEvents = 0
    private var isFinished = false
    private var isCancelled = false
    private var failure: (any Error)?
    /// How many events may wait before the decider does.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Queues `chunk` once fewer than ``capacity`` events wait; `false` when the writer has
    /// stopped taking them.
    func push(_ chunk: DecidedChunk) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queuedEvents >= capacity && !isCancelled { condition.wait() }
        guard !isCancelled else { return false }
        queued.append(chunk)
        queuedEvents += chunk.events.count
        // The writer waits for a whole batch: woken for each chunk, it cost the decider a
        // system call to wake it about twenty times a batch.
        if chunk.end != nil || queuedEvents >= capacity { condition.broadcast() }
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

    /// The chunks up to the next that closes a batch, that one included, as they come; fewer
    /// (none) once the decider finished without closing one, or its failure when it failed
    /// before.
    func takeBatch() throws -> [DecidedChunk] {
        condition.lock()
        defer { condition.unlock() }
        var batch: [DecidedChunk] = []
        while true {
            while queued.isEmpty && !isFinished { condition.wait() }
            if queued.isEmpty {
                if let failure { throw failure }
                return batch
            }
            var taken = 0
            for chunk in queued {
                taken += 1
                queuedEvents -= chunk.events.count
                batch.append(chunk)
                if chunk.end != nil { break }
            }
            queued.removeFirst(taken)
            condition.broadcast()
            if batch.last?.end != nil { return batch }
        }
    }

    /// The writer stops taking steps: the decider stops at its next push.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        isCancelled = true
        condition.broadcast()
    }
}
