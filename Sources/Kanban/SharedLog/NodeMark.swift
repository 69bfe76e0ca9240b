import LMDBStorage

/// The mark an engine on a shared log leaves in its database: the named database `node`
/// (its existence is the mark; ``CacheCuts`` keeps its cuts there), made when the engine opens. An engine opened on a
/// marked database without a shared log (the command line, say) reads it but refuses to
/// write: events appended there would not be in the shared log, and the node would refuse its
/// own cache from then on.
enum NodeMark {
    /// Marks `environment` as a node's cache.
    static func mark(_ environment: Environment) throws {
        _ = try environment.database(.node)
    }

    /// Whether `environment` is marked as a node's cache.
    static func isMarked(_ environment: Environment) throws -> Bool {
        try environment.existingDatabase(.node) != nil
    }
}
