import KanbanCore
import LMDBStorage

/// ``LogReading`` inside one LMDB transaction of an ``LMDBLogStore``.
struct LMDBLogReader<T: Transaction>: LogReading {
    let store: LMDBLogStore
    let transaction: T

    func lastPosition() throws -> UInt64 {
        try store.engine.log.lastSequence(in: transaction)
    }

    func heads() throws -> [BoardID: UInt64] {
        try store.committedHeads(in: transaction).heads
    }

    func forEach(after position: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        try store.forEachEntry(after: position, in: transaction, body)
    }

    func forEach(board: BoardID, afterSeq seq: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        try store.forEachEntry(after: 0, in: transaction) { entry in
            guard entry.board == board, entry.seq > seq else { return true }
            return try body(entry)
        }
    }
}
