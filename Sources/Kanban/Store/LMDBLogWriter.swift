import KanbanCore
import LMDBStorage

/// ``LogWriting`` inside one LMDB write transaction of an ``LMDBLogStore``: appends go through
/// ``EventLog/append(raw:sequence:in:)``, the bytes kept as given; answers and mutations go
/// to the engine's ``IdempotencyStore`` and ``SyncStore`` in the same transaction.
final class LMDBLogWriter: LogWriting, LMDBTransactionReading {
    let store: LMDBLogStore
    /// The engine's answers, made before the transaction began (a write here may add one).
    let idempotency: IdempotencyStore
    let sync: SyncStore
    let backdated: BackdatedRanges
    let transaction: WriteTransaction
    /// The heads as this transaction sees them, its own appends included, once first asked for.
    private var staged: BoardHeads?
    /// The log's last position before this transaction's first append (or claim).
    private var start: UInt64?

    init(store: LMDBLogStore, answers: IdempotencyStore, sync: SyncStore, backdated: BackdatedRanges, transaction: WriteTransaction) {
        self.store = store
        self.idempotency = answers
        self.sync = sync
        self.backdated = backdated
        self.transaction = transaction
    }

    /// The heads now: the committed ones before the first append, then kept up to date here
    /// (so that the store's shared count never sees an append that may yet be dropped).
    private func currentHeads() throws -> BoardHeads {
        if let staged { return staged }
        let heads = try store.committedHeads(in: transaction)
        staged = heads
        return heads
    }

    var answers: IdempotencyStore? { idempotency }

    func heads() throws -> [BoardID: UInt64] {
        try currentHeads().heads
    }

    @discardableResult
    func append(board: BoardID, expectedHead: UInt64, _ events: [(position: UInt64, bytes: [UInt8])]) throws -> UInt64 {
        var heads = try currentHeads()
        let last = try lastPosition()
        if start == nil { start = last }
        try LogAppendError.check(events, board: board)
        let head = heads.heads[board] ?? 0
        guard head == expectedHead else { throw LogConflict(movedHeads: [board: head]) }
        guard let first = events.first?.position else { return head }
        guard first > last else { throw LogConflict(stalePosition: first) }
        for (offset, event) in events.enumerated() where event.position != last + 1 + UInt64(offset) {
            throw LogAppendError.positionGap(expected: last + 1 + UInt64(offset), position: event.position)
        }
        for (position, bytes) in events {
            try store.log.append(raw: bytes, sequence: position, in: transaction)
            _ = heads.count(board, at: position)
        }
        staged = heads
        return heads.heads[board] ?? 0
    }

    func remember(answer: [UInt8], board: BoardID, actor: String, key: String, at time: Timestamp) throws {
        if try rememberedAnswer(board: board, actor: actor, key: key) != nil {
            throw LogConflict(answered: AnswerKey(board: board, actor: actor, key: key))
        }
        try idempotency.remember(answer, for: IdempotencyStore.storageKey(actor: actor, key: key), at: time, in: transaction)
    }

    func recordMutation(_ id: UInt64, client: String, refusal: Refusal?) throws {
        guard id > 0 else { throw LogAppendError.mutationIDOutOfRange(id) }
        if let refusal, refusal.id != id { throw LogAppendError.refusalOfAnotherMutation(id: id, refusal: refusal.id) }
        let last = try lastMutationID(client: client)
        guard last == id - 1 else { throw LogConflict(movedClients: [client: last]) }
        try sync.record(id, of: client, refusal: refusal, in: transaction)
    }

    func recordDigest(_ digest: [UInt8], mutation id: UInt64, client: String, actor: String) throws {
        try sync.record(digest: digest, of: id, client: client, actor: actor, in: transaction)
    }

    func forgetAnswer(board: BoardID, actor: String, key: String) throws {
        _ = try transaction.delete(forKey: IdempotencyStore.storageKey(actor: actor, key: key), in: idempotency.database)
    }

    /// Oldest first, as PostgreSQL does (the engine's own purge goes round the store instead).
    @discardableResult
    func purgeAnswers(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        let expired = try idempotency.all(notBefore: Timestamp(millisecondsSinceEpoch: .min), in: transaction)
            .filter { $0.time < cutoff }
            .sorted { $0.time < $1.time }
            .prefix(limit)
        for answer in expired {
            _ = try transaction.delete(forKey: IdempotencyStore.storageKey(actor: answer.actor, key: answer.key), in: idempotency.database)
        }
        return expired.count
    }

    func recordBackdated(_ range: BackdatedRange) throws {
        try backdated.record(board: range.board, sequences: range.positions, in: transaction)
    }

    func claimLog() throws -> UInt64 {
        let last = try lastPosition()
        if start == nil { start = last }
        return last
    }

    /// The write transaction holds LMDB's writer lock, so only this write appended since it
    /// began: `claimed` must be where the log was then, and `last` where it is now.
    func advanceLog(from claimed: UInt64, to last: UInt64) throws {
        let now = try lastPosition()
        guard claimed == start ?? now, now == last else { throw LogConflict(stalePosition: claimed + 1) }
    }
}
