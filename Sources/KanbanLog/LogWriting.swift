import KanbanCore

/// What a ``LogStore`` can be asked inside one write: reads see the write's own appends,
/// answers and mutations. An idempotency answer and a sync mutation go in the transaction of
/// the events they answer, so a command is carried out once across retries, restarts and
/// nodes: either all of the write is kept or none of it.
///
/// Saving snapshots joins in a later increment, with the engine on this seam.
public protocol LogWriting: LogReading {
    /// Appends `events` (positions and ``KanbanCore/EventCodec`` bytes, kept verbatim) to
    /// `board`, whose head must be `expectedHead` (0 for a board with no events yet); they get
    /// the `seq`s after it. Positions must increase, start above every position of the board
    /// (on LMDB: be the log's next ones, gapless), and each event's bytes must name `board`.
    /// Returns the board's new head.
    ///
    /// A moved head or a taken position throws ``LogConflict``; bad input throws
    /// ``LogAppendError``. Either way the whole write keeps nothing.
    @discardableResult
    func append(board: BoardID, expectedHead: UInt64, _ events: [(position: UInt64, bytes: [UInt8])]) throws -> UInt64

    /// ``append(board:expectedHead:_:)`` for several boards (each once, with events), in as
    /// few statements as the store can: a store behind a network pays a round trip per
    /// statement. The same conflicts and errors; the whole write keeps nothing on any.
    func append(_ batches: [BoardAppend]) throws

    /// Remembers `answer` for `actor`'s `key` on `board`, as of `time`. A key that has an
    /// answer already (however old: expired answers must be purged first) throws
    /// ``LogConflict`` naming it (``LogConflict/answered``) — another writer answered the
    /// command first — and the whole write keeps nothing.
    func remember(answer: [UInt8], board: BoardID, actor: String, key: String, at time: Timestamp) throws

    /// Records that `client`'s mutation `id` was decided, refused with `refusal` (whose id must
    /// be `id`) when it was. The client's last mutation must be `id - 1`: otherwise the write
    /// throws ``LogConflict`` naming the client's last mutation (``LogConflict/movedClients``)
    /// and keeps nothing. An id of 0 throws ``LogAppendError/mutationIDOutOfRange(_:)``.
    func recordMutation(_ id: UInt64, client: String, refusal: Refusal?) throws
    /// Keeps `digest` (``Mutation/digest``) for `client`'s mutation `id`, recorded in this
    /// write, and `actor` as the client's owner when it has none.
    func recordDigest(_ digest: [UInt8], mutation id: UInt64, client: String, actor: String) throws
    /// Forgets the answer for `actor`'s `key` on `board`, if any: an expired one, before the
    /// key is answered again.
    func forgetAnswer(board: BoardID, actor: String, key: String) throws
    /// Remembers each of `answers` as ``remember(answer:board:actor:key:at:)`` does (PostgreSQL
    /// in one statement); a key answered already throws ``LogConflict`` and keeps nothing.
    func remember(_ answers: [KeptAnswer]) throws
    /// Forgets the answers for `keys` on `board`, as ``forgetAnswer(board:actor:key:)`` does.
    func forgetAnswers(board: BoardID, keys: [(actor: String, key: String)]) throws
    /// The answers remembered for each of `keys` on `board` at or after `notBefore`, in the
    /// order of `keys`, once the older (expired) answers of those keys are forgotten, so that
    /// they can be answered again: ``LogReading/rememberedAnswers(board:keys:notBefore:)`` and
    /// ``forgetAnswers(board:keys:)`` of the keys without a live answer, which PostgreSQL does
    /// in one statement (a write that asks before it decides has one round trip less).
    func takeLiveAnswers(board: BoardID, keys: [(actor: String, key: String)], notBefore: Timestamp) throws -> [[UInt8]?]
    /// Deletes at most `limit` of the answers on `board` remembered before `cutoff` (expired):
    /// one bounded slice of a purge, so the answers of a busy log do not pile up. Returns how
    /// many it deleted.
    @discardableResult
    func purgeAnswers(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int) throws -> Int
    /// Deletes what ``purgeAnswers(board:rememberedBefore:limit:)`` does, by the end of this
    /// write, without telling how many: a store may send it with the write's other statements
    /// (PostgreSQL does, in one round trip with its events).
    func purgeAnswersWithWrite(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int) throws
    /// Records that the events of `range`, which this log holds, happened before they were appended.
    func recordBackdated(_ range: BackdatedRange) throws
    /// Takes the log's turn and returns its last position (every board's): until this write
    /// ends, another write that claims the log waits. Writers that claim append at the
    /// positions right after it and then ``advanceLog(from:to:)``, so positions stay global,
    /// gapless and commit-ordered across boards — what engines sharing one log need
    /// (``EngineOptions/sharedLog``). On LMDB the write transaction holds that turn already.
    func claimLog() throws -> UInt64
    /// ``claimLog()``, also returning the stored bytes of the event at that position (`nil`
    /// for an empty log, or a store that does not say) in the same round trip: a node compares
    /// them with its cache's last event, which a failover may have replaced.
    func claimLogWithLastEvent() throws -> (position: UInt64, lastEvent: [UInt8]?)
    /// ``claimLogWithLastEvent()``, and what a cache ending at `cacheEnd` lacks once the claim is
    /// the caller's: the stored events from `cacheEnd` (its last, to compare) through the claimed
    /// position, at most `limit` of them, and the backdated ranges that start after `cacheEnd`.
    /// A store behind a network reads them in the claim's round trip (PostgreSQL does); the
    /// events of a writer the claim waited for are among them.
    func claimLog(after cacheEnd: UInt64, limit: Int) throws -> ClaimedLog
    /// Moves the log's last position from `claimed`, as ``claimLog()`` returned it, to `last`,
    /// the last position this write appended. A log that is no longer at `claimed` (a writer
    /// that did not claim appended) throws ``LogConflict`` and the whole write keeps nothing.
    func advanceLog(from claimed: UInt64, to last: UInt64) throws
    /// ``advanceLog(from:to:)``, keeping `root` (the audit root at `last`, when the writer has
    /// it) for ``LogReading/recordedRoot(atOrBefore:)`` in the same statement where the store
    /// can. Stores that keep no roots (LMDB has its own tree) only advance.
    func advanceLog(from claimed: UInt64, to last: UInt64, recording root: AuditRoot?) throws
    /// Keeps `snapshot` for ``LogReading/newestSnapshot(atOrBefore:)`` (one kept at its position
    /// already stays) and drops all but the newest `count`. Stores that keep none do nothing.
    func keepSnapshot(_ snapshot: SharedSnapshot, keepingNewest count: Int) throws
    /// Records that the log lost `positions` (a node found it so and cut them from its cache),
    /// for ``LogReading/lostPositions()``; a range that overlaps one recorded widens it.
    func recordLostPositions(_ positions: ClosedRange<UInt64>) throws
}

extension LogWriting {
    /// One ``append(board:expectedHead:_:)`` per board, in order.
    public func append(_ batches: [BoardAppend]) throws {
        for batch in batches { try append(board: batch.board, expectedHead: batch.expectedHead, batch.events) }
    }

    /// Records nothing.
    public func recordLostPositions(_ positions: ClosedRange<UInt64>) throws {}

    /// Keeps no snapshot.
    public func keepSnapshot(_ snapshot: SharedSnapshot, keepingNewest count: Int) throws {}

    /// ``claimLog()`` alone: the last event's bytes are not said.
    public func claimLogWithLastEvent() throws -> (position: UInt64, lastEvent: [UInt8]?) {
        (try claimLog(), nil)
    }

    /// ``claimLogWithLastEvent()``, then ``LogReading/forEachStored(after:_:)`` and
    /// ``LogReading/backdatedRanges(after:)``: a round trip each on a store behind a network.
    public func claimLog(after cacheEnd: UInt64, limit: Int) throws -> ClaimedLog {
        let (position, lastEvent) = try claimLogWithLastEvent()
        var entries: [(position: UInt64, bytes: [UInt8])] = []
        var backdated: [BackdatedRange] = []
        let limit = max(limit, 1)
        if cacheEnd < position {
            try forEachStored(after: cacheEnd == 0 ? 0 : cacheEnd - 1) { entryPosition, bytes in
                guard entryPosition <= position else { return false }
                entries.append((entryPosition, Array(bytes)))
                return entries.count < limit
            }
            backdated = try backdatedRanges(after: cacheEnd)
        }
        return ClaimedLog(position: position, lastEvent: lastEvent, cacheEnd: cacheEnd, entries: entries, backdated: backdated)
    }

    public func advanceLog(from claimed: UInt64, to last: UInt64, recording root: AuditRoot?) throws {
        try advanceLog(from: claimed, to: last)
    }

    public func remember(_ answers: [KeptAnswer]) throws {
        for answer in answers {
            try remember(answer: answer.bytes, board: answer.board, actor: answer.actor, key: answer.key, at: answer.time)
        }
    }

    public func forgetAnswers(board: BoardID, keys: [(actor: String, key: String)]) throws {
        for key in keys { try forgetAnswer(board: board, actor: key.actor, key: key.key) }
    }

    public func takeLiveAnswers(board: BoardID, keys: [(actor: String, key: String)], notBefore: Timestamp) throws -> [[UInt8]?] {
        let found = try rememberedAnswers(board: board, keys: keys, notBefore: notBefore)
        let unanswered = zip(keys, found).compactMap { key, answer in answer == nil ? key : nil }
        if !unanswered.isEmpty { try forgetAnswers(board: board, keys: unanswered) }
        return found
    }

    public func purgeAnswersWithWrite(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int) throws {
        try purgeAnswers(board: board, rememberedBefore: cutoff, limit: limit)
    }
}
