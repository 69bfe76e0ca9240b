/// Counts for one named database (`mdb_stat`).
public struct DatabaseStatistics: Sendable, Equatable {
    /// Number of key/value pairs.
    public let entries: Int
    /// Depth of the B+tree.
    public let depth: Int
    /// Pages used: branch + leaf + overflow.
    public let pages: Int
    /// Size of a page in bytes.
    public let pageSize: Int
}
