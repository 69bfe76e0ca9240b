import KanbanCore

extension SQLiteLogStore {
    /// How often ``wakeUps()`` looks for appends.
    static let wakeUpPollInterval = Duration.milliseconds(50)

    /// Hints that boards moved (``Kanban/LogStore/wakeUps()``): every 50 ms a look at the log's
    /// last position, as ``Kanban/LMDBLogStore`` looks for other processes' appends (this store
    /// has no doorbell of its own: its commits are seen at the next look too). Each hint names
    /// the boards of the events after the position last seen, so it costs what was appended
    /// since. A failed look hints nothing and is tried again at the next (the position stays
    /// put). The looks are short read transactions on a local file, made from the stream's
    /// task on Swift's pool.
    public func wakeUps() -> AsyncStream<Set<BoardID>> {
        AsyncStream { continuation in
            let task = Task { [self] in
                var seen = (try? read { try $0.lastPosition() }) ?? 0
                continuation.yield([])
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.wakeUpPollInterval)
                    guard let (position, boards) = try? boardsAppended(after: seen), !boards.isEmpty else { continue }
                    seen = position
                    continuation.yield(boards)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The log's last position and the boards of the events after `position`.
    private func boardsAppended(after position: UInt64) throws -> (UInt64, Set<BoardID>) {
        try read { reader in
            var last = position
            var boards: Set<BoardID> = []
            try reader.forEach(after: position) { entry in
                boards.insert(entry.board)
                last = entry.position
                return true
            }
            return (last, boards)
        }
    }
}
