import KanbanCore
import LMDBStorage

/// The board outline (``KanbanCore/BoardOutline``) of the log: the named database `outline`,
/// one value under the key `0x01` — u64 LE XXH64 checksum of the rest · the outline
/// (``KanbanCore/OutlineCodec``) — written in the transaction of
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

    /// The stored outline, `nil` when there is none; throws ``SnapshotError`` for one that is
    /// too short, fails its checksum or does not decode.
    func load(in transaction: some Transaction) throws -> BoardOutline? {
        try Self.key.withUnsafeBytes { key in
            try transaction.withValue(forKey: key, in: database) { bytes throws -> BoardOutline? in
                guard bytes.count >= 8 else { throw SnapshotError.notASnapshot }
                let payload = UnsafeRawBufferPointer(rebasing: bytes[8...])
                guard UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) == Checksum.xxh64(payload) else {
                    throw SnapshotError.checksumMismatch
                }
                do {
                    return try OutlineCodec.decode(payload)
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
        try transaction.put(Self.value(encoded: bytes), forKey: Self.key, in: database)
    }

    /// The stored form of an encoded outline: its checksum, then the bytes.
    static func value(encoded bytes: [UInt8]) -> [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(8 + bytes.count)
        withUnsafeBytes(of: bytes.withUnsafeBytes(Checksum.xxh64).littleEndian) { value.append(contentsOf: $0) }
        value.append(contentsOf: bytes)
        return value
    }
}
