import KanbanCore
import LMDBStorage

extension KanbanEngine {
    func storedEvents(after sequence: UInt64, limit: Int) throws -> [StoredEvent] {
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
