/// Sizes of an environment (`mdb_env_info`, `mdb_env_stat`, and the data file).
public struct EnvironmentInfo: Sendable, Equatable {
    /// The current size of the memory map in bytes.
    public let mapSize: Int
    /// The size of `data.mdb` on disk in bytes.
    public let fileSize: Int
    /// The size of a database page in bytes.
    public let pageSize: Int
    /// The highest page number in use.
    public let lastPage: Int
}
