import Kanban
import KanbanCore
import BenchmarkSupport

extension LogStore {
    /// Appends every event of `source`, in position order, in writes of `batchSize` events
    /// (each reading the heads once): into an empty store the copy has the source's positions,
    /// bytes and `seq`s. Only events: no answers, clients or backdated ranges. Reads `source` in
    /// one read transaction. Returns how many events it copied.
    @discardableResult
    public func copyEvents(from source: some LogStore, batchSize: Int = 10_000) throws -> Int {
        try source.read { reader in
            var pending: [LogEntry] = []
            pending.reserveCapacity(max(1, batchSize))
            var copied = 0
            func flush() throws {
                try write { writer in
                    var heads = try writer.heads()
                    try writer.append(pending, heads: &heads)
                }
                copied += pending.count
                pending.removeAll(keepingCapacity: true)
            }
            try reader.forEach(after: 0) { entry in
                pending.append(entry)
                if pending.count >= batchSize { try flush() }
                return true
            }
            if !pending.isEmpty { try flush() }
            return copied
        }
    }
}
