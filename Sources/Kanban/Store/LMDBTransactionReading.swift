import KanbanCore
import LMDBStorage

/// The reads an ``LMDBLogStore`` serves the same way in a read and in a write transaction
/// (``LMDBLogReader``, ``LMDBLogWriter``): each conformer gives its transaction and the stores,
/// and keeps only what differs (the writer's heads include its own appends).
protocol LMDBTransactionReading: LogReading {
    associatedtype StoreTransaction: Transaction
    var store: LMDBLogStore { get }
    /// The engine's answers, `nil` when none was ever kept.
    var answers: IdempotencyStore? { get }
    var sync: SyncStore { get }
    /// The engine's backdated ranges (none when never recorded).
    var backdated: BackdatedRanges { get }
    var transaction: StoreTransaction { get }
}

extension LMDBTransactionReading {
    func lastPosition() throws -> UInt64 {
        try store.log.lastSequence(in: transaction)
    }

    func forEach(after position: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        try store.forEachEntry(after: position, in: transaction, body)
    }

    /// The bytes in LMDB's map, without a copy.
    func forEachStored(after position: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        try store.log.forEachRaw(after: position, in: transaction, body)
    }

    func forEach(board: BoardID, afterSeq seq: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        try store.forEachEntry(after: 0, in: transaction) { entry in
            guard entry.board == board, entry.seq > seq else { return true }
            return try body(entry)
        }
    }

    /// The answer kept for `actor`'s `key` (on any board: the engine keeps answers by actor and
    /// key) at or after `notBefore`.
    func rememberedAnswer(board: BoardID, actor: String, key: String, notBefore: Timestamp) throws -> [UInt8]? {
        try answers?.answer(for: IdempotencyStore.storageKey(actor: actor, key: key), notBefore: notBefore, in: transaction)
    }

    func lastMutationID(client: String) throws -> UInt64 {
        try sync.lastMutationID(of: client, in: transaction)
    }

    func refusals(client: String, after: UInt64, limit: Int) throws -> [Refusal] {
        try sync.refusals(of: client, after: after, limit: limit, in: transaction)
    }

    func mutationDigests(client: String, ids: [UInt64]) throws -> [UInt64: [UInt8]] {
        var digests: [UInt64: [UInt8]] = [:]
        for id in ids {
            digests[id] = try sync.digest(of: id, client: client, in: transaction)
        }
        return digests
    }

    func mutationDigests(client: String) throws -> [UInt64: [UInt8]] {
        try sync.digests(of: client, in: transaction)
    }

    func owner(client: String) throws -> String? {
        try sync.owner(of: client, in: transaction)
    }

    func clients() throws -> [String: UInt64] {
        try sync.clients(in: transaction)
    }

    func answers(notBefore: Timestamp) throws -> [KeptAnswer] {
        try answers?.all(notBefore: notBefore, in: transaction) ?? []
    }

    func backdatedRanges(after position: UInt64) throws -> [BackdatedRange] {
        try backdated.all(in: transaction).filter { $0.positions.lowerBound > position }
    }
}
