import KanbanCore

/// What a ``LogStore`` can be asked inside one read (a consistent view of the log).
///
/// What migration and conformance need, idempotency answers and sync positions; the engine's
/// other reads (an entry by position for undo, snapshots) join when the engine moves onto this seam.
public protocol LogReading {
    /// The highest position in the log, 0 when it is empty.
    func lastPosition() throws -> UInt64

    /// Each board that has events, with its head: the `seq` of its last event.
    func heads() throws -> [BoardID: UInt64]

    /// Calls `body` with every entry after `position`, in position order, until it returns
    /// `false`. On PostgreSQL positions are not commit-ordered across boards: a follower of a
    /// live log pages by board and `seq` instead; this is for a log nobody appends to (migration).
    func forEach(after position: UInt64, _ body: (LogEntry) throws -> Bool) throws

    /// Calls `body` with the position and stored bytes of every event after `position`, in
    /// position order, until it returns `false`: what a fold over the whole log needs
    /// (``LogStore/replay(into:)``), handed out without a copy where the store can (LMDB's
    /// map). The bytes are valid only inside `body`. On PostgreSQL, as for
    /// ``forEach(after:_:)``: for a log nobody appends to.
    func forEachStored(after position: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws

    /// Calls `body` with every entry of `board` after its `seq`, in `seq` order, until it returns `false`.
    func forEach(board: BoardID, afterSeq seq: UInt64, _ body: (LogEntry) throws -> Bool) throws

    /// Each board's RFC 6962 root over its events' stored bytes in `seq` order (``BoardRootsBuilder``).
    func boardRoots() throws -> [BoardID: AuditRoot]

    /// The answer remembered for `actor`'s `key` on `board` at or after `notBefore`, or `nil`
    /// (an older answer counts as absent). On LMDB answers are kept by actor and key alone, as
    /// the engine keeps them: an answer on one board is also the one on every other.
    func rememberedAnswer(board: BoardID, actor: String, key: String, notBefore: Timestamp) throws -> [UInt8]?

    /// The last mutation of `client` recorded, 0 before its first.
    func lastMutationID(client: String) throws -> UInt64

    /// The refusals of `client` after mutation `after`, oldest first, at most `limit`.
    func refusals(client: String, after: UInt64, limit: Int) throws -> [Refusal]
    /// The digests kept for `client`'s mutations `ids` (``Mutation/digest``), by id; an id
    /// decided without one (before digests were kept) is absent.
    func mutationDigests(client: String, ids: [UInt64]) throws -> [UInt64: [UInt8]]
    /// Every digest kept for `client`'s mutations, by id (a migration copies them).
    func mutationDigests(client: String) throws -> [UInt64: [UInt8]]
    /// The actor who first pushed as `client`, `nil` when none is kept.
    func owner(client: String) throws -> String?
    /// The answers remembered for each of `keys` (actor and key) on `board` at or after
    /// `notBefore`, in the order of `keys`: ``rememberedAnswer(board:actor:key:notBefore:)``
    /// for many keys at once (PostgreSQL asks once).
    func rememberedAnswers(board: BoardID, keys: [(actor: String, key: String)], notBefore: Timestamp) throws -> [[UInt8]?]
    /// Every client that recorded a mutation, with its last one.
    func clients() throws -> [String: UInt64]
    /// Every answer remembered at or after `notBefore`.
    func answers(notBefore: Timestamp) throws -> [KeptAnswer]
    /// The ranges of backdated events (an imported history's) that start after `position`,
    /// in position order.
    func backdatedRanges(after position: UInt64) throws -> [BackdatedRange]
    /// The newest audit root the log keeps for a size of at most `size` (``LogWriting/advanceLog(from:to:recording:)``),
    /// `nil` when it keeps none that small: what a node checks its cache's whole prefix against.
    /// Stores that keep no roots (LMDB has its own tree) answer `nil`.
    func recordedRoot(atOrBefore size: UInt64) throws -> AuditRoot?
    /// Why a commit this log acknowledged could still be lost by a failover to another server
    /// (a standby that had not received it), in one line; `nil` when it could not. A signed
    /// checkpoint commits to its positions for good, so a node signs none while this is set.
    /// A store with no standbys (LMDB) answers `nil`.
    func failoverRisk() throws -> String?
    /// The newest snapshot the log keeps of at most `position` events, `nil` when none (stores
    /// that keep none, LMDB's own being beside its log, answer `nil`).
    func newestSnapshot(atOrBefore position: UInt64) throws -> SharedSnapshot?
    /// The ranges of positions nodes found the log had lost (a failover) and cut from their
    /// caches (``LogWriting/recordLostPositions(_:)``), in position order: a client that saw the
    /// log up to one of them is reset by any node. Stores without failovers answer none.
    func lostPositions() throws -> [ClosedRange<UInt64>]
}

extension LogReading {
    /// No failover: `nil`.
    public func failoverRisk() throws -> String? { nil }

    /// No failover, no positions lost.
    public func lostPositions() throws -> [ClosedRange<UInt64>] { [] }

    /// No snapshots kept in the log: `nil`.
    public func newestSnapshot(atOrBefore position: UInt64) throws -> SharedSnapshot? { nil }

    /// Each entry's bytes, by way of ``forEach(after:_:)``: for stores that keep nothing to
    /// hand out without a copy.
    public func forEachStored(after position: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        try forEach(after: position) { entry in
            try entry.bytes.withUnsafeBytes { try body(entry.position, $0) }
        }
    }

    /// Each board's root, built from one pass over the log in position order (which is `seq`
    /// order within each board, as every store keeps positions increasing per board).
    public func boardRoots() throws -> [BoardID: AuditRoot] {
        var builder = BoardRootsBuilder()
        try forEach(after: 0) { entry in
            builder.append(board: entry.board, bytes: entry.bytes)
            return true
        }
        return builder.roots
    }

    public func rememberedAnswers(board: BoardID, keys: [(actor: String, key: String)], notBefore: Timestamp) throws -> [[UInt8]?] {
        try keys.map { try rememberedAnswer(board: board, actor: $0.actor, key: $0.key, notBefore: notBefore) }
    }

    public func recordedRoot(atOrBefore size: UInt64) throws -> AuditRoot? {
        nil
    }

    /// The answer remembered for `actor`'s `key` on `board`, however old.
    public func rememberedAnswer(board: BoardID, actor: String, key: String) throws -> [UInt8]? {
        try rememberedAnswer(board: board, actor: actor, key: key, notBefore: Timestamp(millisecondsSinceEpoch: .min))
    }
}
