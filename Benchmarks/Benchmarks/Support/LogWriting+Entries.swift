import Kanban
import KanbanCore

extension LogWriting {
    /// Appends `entries` in order, keeping their positions (their `seq`s are the store's to
    /// give): one ``Kanban/LogWriting/append(board:expectedHead:_:)`` per run of consecutive
    /// entries of one board, at the head `heads` holds for it, which then moves on. Runs rather
    /// than one append per board, so that positions stay in order where a store needs them
    /// gapless (LMDB, SQLite).
    ///
    /// For example, appending a batch after the heads read once per write:
    ///
    /// ```swift
    /// try store.write { writer in
    ///     var heads = try writer.heads()
    ///     try writer.append(batch, heads: &heads)
    /// }
    /// ```
    public func append(_ entries: some Collection<LogEntry>, heads: inout [BoardID: UInt64]) throws {
        var index = entries.startIndex
        while index != entries.endIndex {
            let board = entries[index].board
            var run: [(position: UInt64, bytes: [UInt8])] = []
            while index != entries.endIndex, entries[index].board == board {
                run.append((entries[index].position, entries[index].bytes))
                entries.formIndex(after: &index)
            }
            heads[board] = try append(board: board, expectedHead: heads[board] ?? 0, run)
        }
    }
}
