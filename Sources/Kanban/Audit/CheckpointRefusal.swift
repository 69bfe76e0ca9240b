/// Why an engine made no checkpoint: one signed would commit to positions that may yet be
/// taken back.
public enum CheckpointRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The shared log's server may lose acknowledged commits in a failover (its one-line reason,
    /// ``LogReading/failoverRisk()``).
    case failoverRisk(String)
    /// The database is a node's cache of a shared log, opened without it.
    case nodeCache(path: String)

    public var description: String {
        switch self {
        case .failoverRisk(let risk):
            "no checkpoint: a signed one would commit to positions the shared log may still lose — \(risk)"
        case .nodeCache(let path):
            "no checkpoint: \(path) is a node's cache of a log shared on PostgreSQL; make one with --store URL, "
                + "which checks that no failover can lose what it signs"
        }
    }
}
