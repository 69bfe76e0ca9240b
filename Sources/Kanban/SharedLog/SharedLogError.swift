/// Why an engine on a shared log (``EngineOptions/sharedLog``) could not write or catch up.
/// Nothing of the write was kept, here or there.
public enum SharedLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The shared log failed or could not be reached (the store's one-line reason): try again.
    case unavailable(String)
    /// The local database holds events the shared log does not (more of them, or others at
    /// the same positions): it is the database of another log, not a cache of this one.
    case notACache(path: String, detail: String)
    /// The database is a node's cache of a shared log, opened without it: it can be read, but
    /// a change must go through a node (`kanban serve --store …`) to reach the shared log.
    case nodeCache(path: String)
    /// The shared log skips a position: it was appended to by a writer that did not claim it.
    case gap(expected: UInt64, found: UInt64)
    /// The shared log ends at `logEnd`, before the cache at `path`, which holds the same events
    /// through `logEnd` and more through `cacheEnd`: the log lost its tail (most likely a
    /// failover to a standby that had not received it). The node stops writing.
    case lostTail(path: String, logEnd: UInt64, cacheEnd: UInt64)
    /// The node's cache was cut back to its shared log's prefix, which now ends at
    /// `lastSequence` (``KanbanEngine/cutBack(of:through:in:)``): a live stream that began
    /// before may have carried events the log lost, and ends; its client starts over.
    case cutBack(lastSequence: UInt64)

    public var description: String {
        switch self {
        case .unavailable(let reason):
            "the shared log is unavailable: \(reason)"
        case .notACache(let path, let detail):
            "\(path) is not a cache of this shared log (\(detail)); start the node on an empty --db, or copy a log in with kanban migrate"
        case .nodeCache(let path):
            "\(path) is a node's cache of a log shared on PostgreSQL: read it here, but change it through a node (kanban serve --store URL --db \(path))"
        case .lostTail(let path, let logEnd, let cacheEnd):
            "the shared log ends at position \(logEnd), but \(path) holds the same events and more, through \(cacheEnd): "
                + "positions \(logEnd + 1)…\(cacheEnd) are no longer in the log (lost, most likely, in a failover to a standby "
                + "that had not received them); move \(path) aside (it keeps them) and start the node on an empty --db"
        case .cutBack(let lastSequence):
            "this node's cache was cut back to the shared log, which lost events it had held (a failover); "
                + "the log now ends at position \(lastSequence): start over from there"
        case .gap(let expected, let found):
            "the shared log skips from position \(expected - 1) to \(found): it was appended to without claiming the log"
        }
    }
}
