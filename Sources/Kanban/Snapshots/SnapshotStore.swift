import KanbanCore
import LMDBStorage

/// Snapshots of the folded state: the named database `snapshots`, keyed like the log by the
/// sequence number covered (8 bytes, big-endian). A snapshot is a cache: one that fails its
/// checksum, has an unknown format, or lies beyond the log's end is skipped with a warning,
/// and the state is built from an older one or from the whole log instead.
///
/// A value is: `KSNP` · u8 format version (2) · u8 state layout version (1–3) · u64 LE sequence ·
/// i64 LE timestamp of that event · u64 LE XXH64 checksum of the rest · the state
/// (``StateCodec``). Format 1, the same with an FNV-1a checksum, is still read.
public struct SnapshotStore: Sendable {
    public let environment: Environment
    public let database: Database

    static let magic: [UInt8] = Array("KSNP".utf8)
    /// The format this build writes.
    static let formatVersion: UInt8 = 2
    /// The formats this build reads: 1 (FNV-1a checksum) and 2 (XXH64).
    static let readableFormats: ClosedRange<UInt8> = 1...2
    static let headerSize = 4 + 1 + 1 + 8 + 8 + 8

    public init(environment: Environment) throws {
        self.environment = environment
        database = try environment.database(.snapshots)
    }

    /// Every snapshot, oldest first.
    public func list(in transaction: some Transaction) throws -> [SnapshotInfo] {
        var snapshots: [SnapshotInfo] = []
        try transaction.withCursor(on: database) { cursor in
            var entry = try cursor.first()
            while let current = entry {
                if let sequence = SequenceKey.sequence(from: current.key) {
                    snapshots.append(SnapshotInfo(sequence: sequence, bytes: current.value.count))
                }
                entry = try cursor.next()
            }
        }
        return snapshots
    }

    /// The stored form of `state` (whose last event has `timestamp`): header, checksum and
    /// state. Made before the write transaction that stores it, so that encoding tens of
    /// thousands of cards never holds the database's write lock.
    public static func value(of state: KanbanState, timestamp: Timestamp) -> SnapshotValue {
        let payload = StateCodec.encode(state)
        var bytes = SnapshotStore.magic
        bytes.reserveCapacity(SnapshotStore.headerSize + payload.count)
        bytes.append(SnapshotStore.formatVersion)
        bytes.append(StateCodec.version(of: state))
        withUnsafeBytes(of: state.lastSequence.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: timestamp.millisecondsSinceEpoch.littleEndian) { bytes.append(contentsOf: $0) }
        let checksum = payload.withUnsafeBytes(Checksum.xxh64)
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        bytes += payload
        return SnapshotValue(sequence: state.lastSequence, bytes: bytes)
    }

    /// The sequence the newest snapshot covers, valid or not; `nil` when there is none.
    public func newestSequence(in transaction: some Transaction) throws -> UInt64? {
        try transaction.withCursor(on: database) { cursor in
            var entry = try cursor.last()
            while let current = entry {
                if let sequence = SequenceKey.sequence(from: current.key) { return sequence }
                entry = try cursor.previous()
            }
            return nil
        }
    }

    /// Stores `value` under the sequence it covers.
    public func save(_ value: SnapshotValue, in transaction: WriteTransaction) throws {
        try SequenceKey.withBytes(value.sequence) { key in
            try value.bytes.withUnsafeBytes { try transaction.put($0, forKey: key, in: database) }
        }
    }

    /// Removes the snapshot covering `sequence`.
    public func remove(_ sequence: UInt64, in transaction: WriteTransaction) throws {
        _ = try SequenceKey.withBytes(sequence) { try transaction.delete(forKey: Array($0), in: database) }
    }

    /// The newest valid snapshot covering at most `sequence` (and at most `logEnd`, the log's
    /// last sequence): its state and the timestamp of its last event. Invalid ones are skipped
    /// with a call to `warn`. With `boardsOnly`, the state holds its boards and columns only;
    /// with `cardsOf`, those and one board's cards (``StateCodec/decode(_:boardsOnly:cardsOf:)``).
    /// The checksum still covers the whole value.
    public func newest(
        atMost sequence: UInt64,
        logEnd: UInt64,
        boardsOnly: Bool = false,
        cardsOf board: BoardID? = nil,
        in transaction: some Transaction,
        warn: (String) -> Void
    ) throws -> (state: KanbanState, timestamp: Timestamp)? {
        try transaction.withCursor(on: database) { cursor in
            // Snapshots past the log's end (a log put back from an older copy, say) are never used.
            if sequence >= logEnd {
                var entry = try cursor.last()
                while let current = entry, let key = SequenceKey.sequence(from: current.key), key > logEnd {
                    warn("snapshot #\(key) skipped: \(SnapshotError.beyondLog(logEnd: logEnd))")
                    entry = try cursor.previous()
                }
            }
            // The first key above `sequence`, then step back.
            var entry = try SequenceKey.withBytes(sequence &+ 1) { try cursor.seek(atLeast: $0) }
            entry = sequence == .max ? try cursor.last() : (entry == nil ? try cursor.last() : try cursor.previous())
            while let current = entry {
                let key = SequenceKey.sequence(from: current.key) ?? 0
                if key <= sequence {
                    do {
                        return try SnapshotStore.decode(current.value, key: key, logEnd: logEnd, boardsOnly: boardsOnly, cardsOf: board)
                    } catch {
                        warn("snapshot #\(key) skipped: \(error)")
                    }
                }
                entry = try cursor.previous()
            }
            return nil
        }
    }

    static func decode(
        _ value: UnsafeRawBufferPointer, key: UInt64, logEnd: UInt64, boardsOnly: Bool = false, cardsOf board: BoardID? = nil
    ) throws(SnapshotError) -> (state: KanbanState, timestamp: Timestamp) {
        guard value.count >= headerSize, value.starts(with: magic) else { throw .notASnapshot }
        guard readableFormats.contains(value[4]), StateCodec.readableVersions.contains(value[5]) else {
            throw .unknownVersion(format: value[4], layout: value[5])
        }
        let sequence = UInt64(littleEndian: value.loadUnaligned(fromByteOffset: 6, as: UInt64.self))
        let timestamp = Int64(littleEndian: value.loadUnaligned(fromByteOffset: 14, as: Int64.self))
        let checksum = UInt64(littleEndian: value.loadUnaligned(fromByteOffset: 22, as: UInt64.self))
        guard sequence == key else { throw .wrongSequence(sequence) }
        guard sequence <= logEnd else { throw .beyondLog(logEnd: logEnd) }
        let payload = UnsafeRawBufferPointer(rebasing: value[headerSize...])
        let computed = value[4] == 1 ? Checksum.fnv1a(payload) : Checksum.xxh64(payload)
        guard computed == checksum else { throw .checksumMismatch }
        let state: KanbanState
        do {
            state = try StateCodec.decode(payload, version: value[5], boardsOnly: boardsOnly, cardsOf: board)
        } catch {
            throw .undecodable(String(describing: error))
        }
        guard state.lastSequence == sequence else { throw .wrongSequence(state.lastSequence) }
        return (state, Timestamp(millisecondsSinceEpoch: timestamp))
    }
}
