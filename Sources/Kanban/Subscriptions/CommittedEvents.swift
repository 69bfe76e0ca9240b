import KanbanCore

/// The committed events after a sequence number, as they come: first those the log holds, then
/// each new commit, by this process or any other on the same database. Ends (returns `nil`)
/// when the task iterating it is cancelled. See ``KanbanEngine/events(after:pollInterval:)``.
public struct CommittedEvents: AsyncSequence, Sendable {
    public typealias Element = RecordedEvent

    let engine: KanbanEngine
    let after: UInt64
    let pollInterval: Duration

    public func makeAsyncIterator() -> Iterator {
        Iterator(engine: engine, last: after, pollInterval: pollInterval)
    }

    /// Reads the log in pages and waits for commits in between.
    public struct Iterator: AsyncIteratorProtocol {
        let engine: KanbanEngine
        var last: UInt64
        let pollInterval: Duration
        var page: [RecordedEvent] = []
        var position = 0
        let subscription: Subscription
        /// The cuts the engine had made when the iterator began.
        let cuts: UInt64

        init(engine: KanbanEngine, last: UInt64, pollInterval: Duration) {
            self.engine = engine
            self.last = last
            self.pollInterval = pollInterval
            subscription = Subscription(signal: engine.commits)
            cuts = engine.cutsMade.withLock { $0 }
        }

        /// The next committed event; waits for one when the log holds no more. `nil` once the
        /// task is cancelled. Throws ``SharedLogError/cutBack(lastSequence:)`` once the node's
        /// cache was cut back since the iterator began: what it returned may have been lost.
        public mutating func next() async throws -> RecordedEvent? {
            while !Task.isCancelled {
                if engine.hasCutSince(cuts) { throw SharedLogError.cutBack(lastSequence: try engine.lastSequence()) }
                if position < page.count {
                    defer { position += 1 }
                    last = page[position].sequence
                    return page[position]
                }
                page = try engine.events(after: last, limit: 512)
                position = 0
                if page.isEmpty {
                    // This process's commits ring at once; other processes' are seen at the next poll.
                    await subscription.doorbell.wait(timeout: pollInterval)
                }
            }
            return nil
        }
    }

    /// A doorbell registered with the engine's commit signal for as long as an iterator lives.
    public final class Subscription: Sendable {
        let doorbell = Doorbell()
        let signal: CommitSignal

        init(signal: CommitSignal) {
            self.signal = signal
            signal.register(doorbell)
        }

        deinit {
            signal.unregister(doorbell)
        }
    }
}

extension KanbanEngine {
    /// The committed events after `sequence`, in order, each once: first what the log holds,
    /// then every new commit, including commits by other processes on the same database
    /// (noticed within `pollInterval`). Iterate it in a task; cancelling the task ends it.
    ///
    /// For example:
    ///
    /// ```swift
    /// for try await event in engine.events(after: lastSeen) {
    ///     send(event)
    /// }
    /// ```
    public func events(after sequence: UInt64, pollInterval: Duration = .milliseconds(50)) -> CommittedEvents {
        CommittedEvents(engine: self, after: sequence, pollInterval: pollInterval)
    }
}
