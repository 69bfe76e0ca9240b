import KanbanCore
import LMDBStorage

/// The board outline (``KanbanCore/BoardOutline``) of the log: the named database `outline`,
/// one value under the key `0x01` (``KanbanCore/OutlineCodec``), written in the transaction of
/// every command, import and generated batch that appends events. A cache, like a snapshot:
/// one that does not end where the log ends (written before a later append by a build that
/// kept none) is not used, and `verify` compares a current one with the replay.
struct OutlineStore: Sendable {
    let database: Database

    /// The name of the database that holds the outline.
    static let databaseName = "outline"
    private static let key: [UInt8] = [0x01]

    init(environment: Environment) throws {
        database = try environment.database(named: OutlineStore.databaseName)
    }

    /// The stored outline, `nil` when there is none; throws ``SnapshotError/undecodable(_:)``
    /// for one that does not decode.
    func load(in transaction: some Transaction) throws -> BoardOutline? {
        try Self.key.withUnsafeBytes { key in
            try transaction.withValue(forKey: key, in: database) { bytes throws -> BoardOutline? in
                do {
                    return try OutlineCodec.decode(bytes)
                } catch {
                    throw SnapshotError.undecodable(String(describing: error))
                }
            }
        } ?? nil
    }

    /// Stores `outline`, in place of the one before.
    func save(_ outline: BoardOutline, in transaction: WriteTransaction) throws {
        try save(encoded: OutlineCodec.encode(outline), in: transaction)
    }

    /// Stores an outline already encoded (``KanbanCore/OutlineCodec``).
    func save(encoded bytes: [UInt8], in transaction: WriteTransaction) throws {
        try transaction.put(bytes, forKey: Self.key, in: database)
    }
}
