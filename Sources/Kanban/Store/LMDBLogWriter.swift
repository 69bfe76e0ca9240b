import KanbanCore
import LMDBStorage

/// ``LogWriting`` inside one LMDB write transaction of an ``LMDBLogStore``: appends go through
/// ``EventLog/append(raw:sequence:in:)``, the bytes kept as given; answers and mutations go
/// to the engine's ``IdempotencyStore`` and ``SyncStore`` in the same transaction.
final class LMDBLogWriter: LogWriting {
    let store: LMDBLogStore
    let answers: IdempotencyStore
    let sync: SyncStore
    let transaction: WriteTransaction
    /// The heads as this transaction sees them, its own appends included, once first asked for.
    private var staged: BoardHeads?

    init(store: LMDBLogStore, answers: IdempotencyStore, sync: SyncStore, transaction: WriteTransaction) {
        self.store = store
        self.answers = answers
        self.sync = sync
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

    func lastPosition() throws -> UInt64 {
        try store.engine.log.lastSequence(in: transaction)
    }

    func heads() throws -> [BoardID: UInt64] {
        try currentHeads().heads
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

    @discardableResult
    func append(board: BoardID, expectedHead: UInt64, _ events: [(position: UInt64, bytes: [UInt8])]) throws -> UInt64 {
        var heads = try currentHeads()
        let last = try lastPosition()
        var previous: UInt64?
        for (position, bytes) in events {
            guard let named = bytes.withUnsafeBytes({ EventCodec.peekEnvelope($0)?.board }) else {
                throw LogAppendError.notAnEvent(position: position)
            }
            guard named == board else { throw LogAppendError.wrongBoard(position: position, board: board, named: named) }
            if let previous, position <= previous { throw LogAppendError.positionsNotIncreasing(previous: previous, position: position) }
            previous = position
        }
        let head = heads.heads[board] ?? 0
        guard head == expectedHead else { throw LogConflict(movedHeads: [board: head]) }
        guard let first = events.first?.position else { return head }
        guard first > last else { throw LogConflict(stalePosition: first) }
        for (offset, event) in events.enumerated() where event.position != last + 1 + UInt64(offset) {
            throw LogAppendError.positionGap(expected: last + 1 + UInt64(offset), position: event.position)
        }
        for (position, bytes) in events {
            try store.engine.log.append(raw: bytes, sequence: position, in: transaction)
            _ = heads.count(board, at: position)
        }
        staged = heads
        return heads.heads[board] ?? 0
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

    func remember(answer: [UInt8], board: BoardID, actor: String, key: String, at time: Timestamp) throws {
        if try rememberedAnswer(board: board, actor: actor, key: key) != nil {
            throw LogConflict(answered: AnswerKey(board: board, actor: actor, key: key))
        }
        try answers.remember(answer, for: IdempotencyStore.storageKey(actor: actor, key: key), at: time, in: transaction)
    }

    func recordMutation(_ id: UInt64, client: String, refusal: Refusal?) throws {
        guard id > 0 else { throw LogAppendError.mutationIDOutOfRange(id) }
        if let refusal, refusal.id != id { throw LogAppendError.refusalOfAnotherMutation(id: id, refusal: refusal.id) }
        let last = try lastMutationID(client: client)
        guard last == id - 1 else { throw LogConflict(movedClients: [client: last]) }
        try sync.record(id, of: client, refusal: refusal, in: transaction)
    }
}
