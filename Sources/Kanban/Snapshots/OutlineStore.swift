import KanbanCore
import LMDBStorage

/// The board outline (``KanbanCore/BoardOutline``) of the log: the named database `outline`,
/// one value under the key `0x02` — u64 LE XXH64 checksum of the rest · u64 LE XXH64 of the
/// stored bytes of the last event it covers · the outline (``KanbanCore/OutlineCodec``) —
/// written in the transaction of every command, import and generated batch that appends
/// events. A cache, like a snapshot: one that does not end with the log's last event (written
/// before a later append by a build that kept none, or before the log was put back and
/// extended otherwise) is not used, and `verify` compares a current one with the replay. (Key
/// `0x01` held a first layout without the last event's digest; it is ignored.)
struct OutlineStore: Sendable {
    let database: Database

    static let key: [UInt8] = [0x02]

    init(environment: Environment) throws {
        database = try environment.database(.outline)
    }

    /// The stored outline and the digest of the last event it covers, `nil` when there is
    /// none; throws ``SnapshotError`` for one that is too short, fails its checksum or does not
    /// decode.
    func load(in transaction: some Transaction) throws -> (outline: BoardOutline, lastEvent: UInt64)? {
        try Self.key.withUnsafeBytes { key in
            try transaction.withValue(forKey: key, in: database) { bytes throws -> (outline: BoardOutline, lastEvent: UInt64)? in
                guard bytes.count >= 16 else { throw SnapshotError.notASnapshot }
                let rest = UnsafeRawBufferPointer(rebasing: bytes[8...])
                guard UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) == Checksum.xxh64(rest) else {
                    throw SnapshotError.checksumMismatch
                }
                let lastEvent = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                do {
                    return (try OutlineCodec.decode(UnsafeRawBufferPointer(rebasing: bytes[16...])), lastEvent)
                } catch {
                    throw SnapshotError.undecodable(String(describing: error))
                }
            }
        } ?? nil
    }

    /// Stores `outline`, which ends with the event whose digest is `lastEvent`, in place of the one before.
    func save(_ outline: BoardOutline, lastEvent: UInt64, in transaction: WriteTransaction) throws {
        try save(encoded: OutlineCodec.encode(outline), lastEvent: lastEvent, in: transaction)
    }

    /// Stores an outline already encoded (``KanbanCore/OutlineCodec``).
    func save(encoded bytes: [UInt8], lastEvent: UInt64, in transaction: WriteTransaction) throws {
        try transaction.put(Self.value(encoded: bytes, lastEvent: lastEvent), forKey: Self.key, in: database)
    }

    /// The stored form of an encoded outline: its checksum, the last event's digest, the bytes.
    static func value(encoded bytes: [UInt8], lastEvent: UInt64) -> [UInt8] {
        // One buffer, checksum first: it is filled in once the rest is there.
        var value: [UInt8] = []
        value.reserveCapacity(16 + bytes.count)
        value.append(contentsOf: repeatElement(0, count: 8))
        withUnsafeBytes(of: lastEvent.littleEndian) { value.append(contentsOf: $0) }
        value.append(contentsOf: bytes)
        let checksum = value.withUnsafeBytes { Checksum.xxh64(UnsafeRawBufferPointer(rebasing: $0[8...])) }
        withUnsafeBytes(of: checksum.littleEndian) { value.replaceSubrange(0..<8, with: $0) }
        return value
    }

    /// The sequence of the log's last event and the XXH64 of its stored bytes; (0, 0) for an
    /// empty log.
    static func lastEvent(of log: EventLog, in transaction: some Transaction) throws -> (sequence: UInt64, digest: UInt64) {
        var last: (sequence: UInt64, digest: UInt64) = (0, 0)
        try log.forEachRawBackward(in: transaction) { sequence, bytes in
            last = (sequence, Checksum.xxh64(bytes))
            return false
        }
        return last
    }
}
