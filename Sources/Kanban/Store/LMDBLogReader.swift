import KanbanCore
import LMDBStorage

/// ``LogReading`` inside one LMDB transaction of an ``LMDBLogStore``.
struct LMDBLogReader<T: Transaction>: LMDBTransactionReading {
    let store: LMDBLogStore
    let answers: IdempotencyStore?
    let sync: SyncStore
    let backdated: BackdatedRanges
    let transaction: T

    func heads() throws -> [BoardID: UInt64] {
        try store.committedHeads(in: transaction).heads
    }
}
