import Foundation
import KanbanCore

/// Offline clients and nodes: pushes of queued mutations, a client's sync status, and a node's
/// catch-up with the shared log. Reached as ``KanbanEngine/sync``.
public struct EngineSync: Sendable {
    /// The engine whose log this reads and writes.
    package let engine: KanbanEngine

    /// The most mutations one push may carry.
    public static let maxMutationsPerPush: Int = KanbanEngine.maxMutationsPerPush

    /// Decides `mutations` — the changes client `client` made on its own copy, perhaps offline,
    /// numbered 1, 2, 3… — in order, each on the latest state, as `actor`. Each is decided at most
    /// once: the client's last mutation decided is recorded in the same write transaction as the
    /// events (with the reason, for one refused), so a retry after a lost answer, a restart or a
    /// crash appends nothing twice. A refused mutation still counts as decided, so the client's
    /// queue goes on. A mutation whose predecessors have not all arrived is not decided
    /// (``MutationResult/outOfOrder(expected:)``). A mutation whose id was decided before for
    /// another change (a copied client's) is not decided (``MutationResult/reused(expected:)``).
    /// Returns one result per mutation, in order; storage failures throw (then nothing of the
    /// batch they hit was kept: send it again).
    ///
    /// The first actor to push as a client owns it. With `ownerOnly` (a server whose actors are
    /// proven by tokens), a push by anyone else throws ``KanbanCore/KanbanError/foreignClient(_:)``
    /// and nothing of it is decided.
    public func push(_ mutations: [Mutation], client: String, actor: String, ownerOnly: Bool = false) async throws -> [MutationResult] {
        try await engine.push(mutations, client: client, actor: actor, ownerOnly: ownerOnly)
    }

    /// Where `client` stands: its last mutation decided and its refusals after mutation
    /// `refusedAfter` (at most `limit`).
    public func status(client: String, refusedAfter: UInt64 = 0, limit: Int = 1_000) throws -> SyncStatus {
        try engine.syncStatus(client: client, refusedAfter: refusedAfter, limit: limit)
    }

    /// Throws ``KanbanCore/KanbanError/foreignClient(_:)`` when an actor other than `actor`
    /// pushed as `client` first: on a server with tokens, before a pull or a live stream shows
    /// the client's position and refusals.
    public func checkOwner(of client: String, actor: String) throws {
        try engine.checkOwner(of: client, actor: actor)
    }

    /// `client` when it is a client id: 1 to 64 letters, digits, `-` and `_`; else throws
    /// ``KanbanCore/KanbanError/unreadableMutation(_:)`` saying so.
    public static func checkedClient(_ client: String) throws -> String {
        try KanbanEngine.checkedClient(client)
    }

    /// The positions this node's cache held last and its shared log lost (the log lost its
    /// tail in a failover), once a catch-up or a write found them: cut from the cache since
    /// (``lostRanges()``), or still held by a cache that cannot be cut
    /// (``SharedLogError/lostTail(path:logEnd:cacheEnd:)``); `nil` while none are known.
    public var lostPositions: ClosedRange<UInt64>? {
        engine.lostSharedPositions.withLock { $0 } ?? (try? lostRanges().last?.positions)
    }

    /// Takes the newest snapshot the shared log `store` keeps of a prefix this cache holds
    /// (one another node wrote) into the cache's own snapshots, when it is newer than theirs
    /// and the cache's audit root at its position is the snapshot's: a node started on an empty
    /// cache then folds its state from it and the events after it, not from the log's start.
    /// Returns its position, `nil` when none was taken.
    @discardableResult
    public func adoptSharedSnapshot(from store: any LogStore) throws -> UInt64? {
        try engine.adoptSharedSnapshot(from: store)
    }

    /// How many times this engine cut its cache back since it opened: what was read from the
    /// log before a cut, past it, may be lost; a reader that keeps pages compares this.
    public var cutCount: UInt64 {
        engine.cutsMade.withLock { $0 }
    }

    /// Every range of positions this node's cache was cut back from because its shared log had
    /// lost them (``KanbanEngine/cutBack(of:through:in:)``), oldest first; none for a database
    /// that is no node's cache. A live stream or a pull that had passed into one is reset.
    public func lostRanges() throws -> [LostRange] {
        guard let cuts = engine.cacheCuts else { return [] }
        return try engine.read { try cuts.lostRanges(in: $0) }.sorted { $0.cutAt.millisecondsSinceEpoch < $1.cutAt.millisecondsSinceEpoch }
    }

    /// How many positions the shared log lost that this node's cache had held: those of every
    /// cut (``lostRanges()``), or, while a cache that cannot be cut holds them, those
    /// (``lostPositions``).
    public func lostPositionCount() throws -> UInt64 {
        let cut = try lostRanges().reduce(0) { $0 + $1.count }
        let held = engine.lostSharedPositions.withLock { $0 }.map { $0.upperBound - $0.lowerBound + 1 } ?? 0
        return max(cut, held)
    }

    /// The events the cuts took from the cache, kept apart: each cut's, by position.
    public func lostEvents() throws -> [StoredEvent] {
        guard let cuts = engine.cacheCuts else { return [] }
        return try engine.read { try cuts.lostEvents(in: $0) }.map { _, position, bytes in
            StoredEvent(event: try bytes.withUnsafeBytes { try EventLog.decode($0, sequence: position) }, bytes: bytes)
        }
    }

    /// Whether `position` is one the shared log lost: this node's cache was cut back from it
    /// (``lostRanges()``), or another node's was and the log says so (asked by the follower
    /// every few seconds). A client that has seen the log up to it has seen an event no node
    /// will send again, and must start over. (One that read the new event at that position
    /// after the cut starts over too, once: nothing tells the two apart.)
    public func wasLost(_ position: UInt64) throws -> Bool {
        try lostRange(containing: position) != nil
    }

    /// Whether a client that asks to go on after `position` must start over: past the log's end
    /// `logEnd` (a log restored from an older backup), or at a position lost (``wasLost(_:)``).
    public func mustStartOver(after position: UInt64, logEnd: UInt64) throws -> Bool {
        if position > logEnd { return true }
        return try position > 0 && wasLost(position)
    }

    /// The range of lost positions (``wasLost(_:)``) that holds `position`, `nil` when none does.
    public func lostRange(containing position: UInt64) throws -> ClosedRange<UInt64>? {
        if let shared = engine.lostPositionsInLog.withLock({ $0.ranges.first { $0.contains(position) } }) { return shared }
        return try lostRanges().first { $0.positions.contains(position) }?.positions
    }

    /// Brings this engine's database up to the shared log `store` (at most `limit` events at a
    /// time): what a node does on each wake-up and poll, so that its reads and live streams
    /// show other nodes' writes. Returns how many events it copied; wakes this engine's
    /// followers (``events(after:pollInterval:)``) when it copied some. Throws
    /// ``SharedLogError/notACache(path:detail:)`` when the database is not a prefix of the log.
    @discardableResult
    public func catchUp(from store: any LogStore, limit: Int = 10_000) throws -> Int {
        try engine.catchUp(from: store, limit: limit)
    }

    /// Brings this engine's database up to the shared log `store`, `step` events a write,
    /// reading each step while the one before is written (what a node does when it starts on
    /// a cache far behind the log). Returns how many events were copied while the next step
    /// was being read (all but the first step's, unless the log moved under the copy). Throws
    /// as ``catchUp(from:limit:)`` does.
    @discardableResult
    public func catchUpInSteps(from store: any LogStore, step: Int = 100_000) throws -> Int {
        try engine.catchUpInSteps(from: store, step: step)
    }
}

extension KanbanEngine {
    /// Offline clients and nodes: pushes of queued mutations, a client's sync status, and a node's
    /// catch-up with the shared log.
    public var sync: EngineSync { EngineSync(engine: self) }
}
