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

    /// The positions this node's cache holds and its shared log no longer does (the log lost
    /// its tail: ``SharedLogError/lostTail(path:logEnd:cacheEnd:)``), once a catch-up or a
    /// write found them; `nil` while none are known.
    public var lostPositions: ClosedRange<UInt64>? {
        engine.lostSharedPositions.withLock { $0 }
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
}

extension KanbanEngine {
    /// Offline clients and nodes: pushes of queued mutations, a client's sync status, and a node's
    /// catch-up with the shared log.
    public var sync: EngineSync { EngineSync(engine: self) }
}
