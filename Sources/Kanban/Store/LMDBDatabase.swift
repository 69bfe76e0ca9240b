/// The named databases of a kanban LMDB environment, one case each. The raw value is the name
/// on disk: renaming one would leave an old database's data behind, so the names never change
/// (`LMDBDatabaseTests` lists them). `mdb_stat -s NAME DIR` and `mdb_dump -s NAME DIR` read one.
public enum LMDBDatabase: String, CaseIterable, Sendable {
    /// The event log, by sequence number (``EventLog``).
    case events
    /// Snapshots of the folded state, by the sequence they cover (``SnapshotStore``).
    case snapshots
    /// The board outline as of the log's last event (`OutlineStore`).
    case outline
    /// The index of the log by card and board, for one card's reads (`HistoryIndex`).
    case history
    /// The ranges of the log whose events happened before they were appended (`BackdatedRanges`).
    case backdated
    /// Answers remembered under idempotency keys (`IdempotencyStore`).
    case idempotency
    /// The RFC 6962 Merkle tree over the log (`MerkleTree`).
    case merkle
    /// Where each syncing client stands (`SyncStore`).
    case sync
    /// A replica's origin, client id and queued changes (`ReplicaStore`).
    case replica
    /// The Trello ids already imported, and into which board (`TrelloMemory`).
    case trello
    /// Its existence marks the cache of a node on a shared log (`NodeMark`); it holds the
    /// cache's cuts back to its log after a failover lost positions (`CacheCuts`).
    case node
}
