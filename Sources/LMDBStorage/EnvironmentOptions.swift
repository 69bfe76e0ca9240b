/// How an ``Environment`` is opened.
public struct EnvironmentOptions: Sendable, Equatable {
    /// The initial size of the memory map in bytes. The map is address space, not disk:
    /// the file grows only as data is written. When a write finds the map full, the map
    /// doubles and the write is retried.
    public var mapSize: Int
    /// The most named databases the environment may hold.
    public var maxDatabases: Int
    /// The most concurrent read transactions across all processes.
    public var maxReaders: Int
    /// How commits reach the disk.
    public var durability: Durability

    public init(
        mapSize: Int = 1 << 30,
        maxDatabases: Int = 8,
        maxReaders: Int = 126,
        durability: Durability = .durable
    ) {
        self.mapSize = mapSize
        self.maxDatabases = maxDatabases
        self.maxReaders = maxReaders
        self.durability = durability
    }

    /// Durability of a commit.
    public enum Durability: Sendable, Equatable {
        /// LMDB's default: data and meta page are synced on every commit. A crash loses
        /// nothing that was committed.
        case durable
        /// `MDB_NOMETASYNC`: the meta page is not synced. The database stays consistent after
        /// a crash, but the last commits before an operating-system crash or power loss may be lost.
        case noMetaSync
    }
}
