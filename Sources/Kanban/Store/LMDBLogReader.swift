import KanbanCore
import LMDBStorage

/// ``LogReading`` inside one LMDB transaction of an ``LMDBLogStore``.
struct LMDBLogReader<T: Transaction>: LogReading {
    let store: LMDBLogStore
    /// The engine's answers, `nil` when none was ever kept.
    let answers: IdempotencyStore?
    let sync: SyncStore
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

    func rememberedAnswer(board: BoardID, actor: String, key: String, notBefore: Timestamp) throws -> [UInt8]? {
        try LMDBLogStore.answer(in: answers, actor: actor, key: key, notBefore: notBefore, in: transaction)
    }

    func lastMutationID(client: String) throws -> UInt64 {
        try sync.lastMutationID(of: client, in: transaction)
    }

    func refusals(client: String, after: UInt64, limit: Int) throws -> [Refusal] {
        try sync.refusals(of: client, after: after, limit: limit, in: transaction)
    }
}
