import KanbanCore
import LMDBStorage

/// Where a board's log holds events that happened before they were appended (an imported
/// history, ``KanbanCore/RecordedEvent/happenedAt``): the named database `backdated`, made when
/// the first such range is recorded, so a log that never had one has none.
///
/// A key is the board's id (16 bytes) and the range's first sequence number (u64 big-endian);
/// its value is the range's last sequence number (u64 big-endian). Within a range the events are
/// the board's, and their times of happening never go backwards: time travel finds a moment in
/// a range by binary search, as it does in the log's own times.
struct BackdatedRanges: Sendable {
    /// The `backdated` database; `nil` when it does not exist yet (opened without making it).
    let database: Database?

    /// Opens the ranges in `environment`, creating their database when missing.
    init(environment: Environment) throws {
        database = try environment.database(.backdated)
    }

    /// No ranges: for a transaction that resolves no moment of a board.
    static let none = BackdatedRanges(database: nil)

    private init(database: Database?) {
        self.database = database
    }

    /// Opens the ranges in `environment` when their database exists, without making it (a read
    /// transaction cannot); when it does not, there are no ranges.
    init(existingIn environment: Environment) throws {
        database = try environment.existingDatabase(.backdated)
    }

    /// Records that events `sequences` of `board` carry the time they happened. Throws when the
    /// store was opened without its database (``init(existingIn:)`` on a log that had none).
    func record(board: BoardID, sequences: ClosedRange<UInt64>, in transaction: WriteTransaction) throws {
        guard let database else { throw LMDBError.notFound }
        try transaction.put(Self.value(sequences.upperBound), forKey: Self.key(board: board, first: sequences.lowerBound), in: database)
    }

    /// The ranges recorded for `board`, in log order. Entries that are not a range (a key or
    /// value of the wrong size, a range starting at 0 or ending before it starts) are passed over.
    func ranges(of board: BoardID, in transaction: some Transaction) throws -> [ClosedRange<UInt64>] {
        guard let database else { return [] }
        let prefix = Self.key(board: board, first: 0).prefix(16)
        var ranges: [ClosedRange<UInt64>] = []
        try transaction.withCursor(on: database) { cursor in
            var entry = try Self.key(board: board, first: 0).withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.count == 24, current.key.prefix(16).elementsEqual(prefix) {
                let first = Self.integer(current.key, at: 16)
                if current.value.count == 8 {
                    let last = Self.integer(current.value, at: 0)
                    if first > 0, first <= last { ranges.append(first...last) }
                }
                entry = try cursor.next()
            }
        }
        return ranges
    }

    /// Every range recorded, of every board, in position order; entries that are not a range
    /// are passed over, as in ``ranges(of:in:)``.
    func all(in transaction: some Transaction) throws -> [BackdatedRange] {
        guard let database else { return [] }
        var ranges: [BackdatedRange] = []
        try transaction.withCursor(on: database) { cursor in
            var entry = try cursor.first()
            while let current = entry {
                if current.key.count == 24, current.value.count == 8 {
                    let board = BoardID(Identifier(high: Self.integer(current.key, at: 0), low: Self.integer(current.key, at: 8)))
                    let first = Self.integer(current.key, at: 16), last = Self.integer(current.value, at: 0)
                    if first > 0, first <= last { ranges.append(BackdatedRange(board: board, positions: first...last)) }
                }
                entry = try cursor.next()
            }
        }
        return ranges.sorted { $0.positions.lowerBound < $1.positions.lowerBound }
    }

    /// Removes the ranges that start after `sequence` (a node's cache cut back to its shared
    /// log's prefix: a write's events are all kept or all lost, so no range straddles it).
    func removeAll(startingAfter sequence: UInt64, in transaction: WriteTransaction) throws {
        guard let database else { return }
        for range in try all(in: transaction) where range.positions.lowerBound > sequence {
            _ = try transaction.delete(forKey: Self.key(board: range.board, first: range.positions.lowerBound), in: database)
        }
    }

    /// Whether no range is recorded for any board.
    func isEmpty(in transaction: some Transaction) throws -> Bool {
        guard let database else { return true }
        return try transaction.statistics(of: database).entries == 0
    }

    /// The key of the range of `board` that starts at `first`.
    static func key(board: BoardID, first: UInt64) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(24)
        withUnsafeBytes(of: board.raw.high.bigEndian) { key.append(contentsOf: $0) }
        withUnsafeBytes(of: board.raw.low.bigEndian) { key.append(contentsOf: $0) }
        withUnsafeBytes(of: first.bigEndian) { key.append(contentsOf: $0) }
        return key
    }

    private static func value(_ last: UInt64) -> [UInt8] {
        withUnsafeBytes(of: last.bigEndian) { Array($0) }
    }

    /// The big-endian u64 at `offset` of `bytes` (which holds 8 bytes there).
    private static func integer(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
