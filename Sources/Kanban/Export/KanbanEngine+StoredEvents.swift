import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The events after `sequence`, at most `limit` of them, decoded and with their stored
    /// bytes: one page of the log as `kanban export --format jsonl` writes it
    /// (``ExportedEventOutput/init(stored:)``), read in one short read transaction. What a
    /// replica pulls (`GET /api/export`) and appends with ``appendExported(lines:)``.
    /// An event that does not decode throws ``KanbanCore/KanbanError/corruptEvent(sequence:reason:)``.
    public func storedEvents(after sequence: UInt64, limit: Int) throws -> [StoredEvent] {
        guard limit > 0 else { return [] }
        let page: [(UInt64, [UInt8])] = try read { transaction in
            var page: [(UInt64, [UInt8])] = []
            try log.forEachRaw(after: sequence, in: transaction) { sequence, bytes in
                page.append((sequence, Array(bytes)))
                return page.count < limit
            }
            return page
        }
        return try page.map { sequence, bytes in
            StoredEvent(event: try bytes.withUnsafeBytes { try EventLog.decode($0, sequence: sequence) }, bytes: bytes)
        }
    }
}
