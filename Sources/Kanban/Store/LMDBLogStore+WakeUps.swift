import KanbanCore
import LMDBStorage

extension LMDBLogStore {
    /// How often ``wakeUps()`` looks for other processes' appends.
    static let wakeUpPollInterval = Duration.milliseconds(50)

    /// Hints that boards moved (``LogStore/wakeUps()``): rung at once by this process's commits
    /// (through its commit signal, which the engine's commits ring too), and every 50 ms by a look at the log's last
    /// position for other processes' appends. Each hint names the boards of the events after
    /// the position last seen, read from their headers, so it costs what was appended since.
    /// A failed look hints nothing and is tried again at the next (the position stays put).
    /// The looks are short LMDB read transactions (a memory-mapped read, no network), made from
    /// the stream's task on Swift's pool.
    public func wakeUps() -> AsyncStream<Set<BoardID>> {
        AsyncStream { continuation in
            let task = Task { [self] in
                let subscription = CommittedEvents.Subscription(signal: commits)
                var seen = (try? lastPositionCommitted()) ?? 0
                continuation.yield([])
                while !Task.isCancelled {
                    await subscription.doorbell.wait(timeout: Self.wakeUpPollInterval)
                    guard let (position, boards) = try? boardsAppended(after: seen), !boards.isEmpty else { continue }
                    seen = position
                    continuation.yield(boards)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func lastPositionCommitted() throws -> UInt64 {
        try readTransaction { try log.lastSequence(in: $0) }
    }

    /// The log's last position and the boards of the events after `position`.
    private func boardsAppended(after position: UInt64) throws -> (UInt64, Set<BoardID>) {
        try readTransaction { transaction in
            var last = position
            var boards: Set<BoardID> = []
            try log.forEachRaw(after: position, in: transaction) { current, bytes in
                boards.insert(try Self.board(of: bytes, at: current))
                last = current
                return true
            }
            return (last, boards)
        }
    }
}
