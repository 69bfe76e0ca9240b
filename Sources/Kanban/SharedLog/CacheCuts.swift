import KanbanCore
import LMDBStorage

/// What a node's cache keeps of the times it was cut back to its shared log's prefix
/// (``KanbanEngine/cutBack(of:through:in:)``), in the `node` database that marks it a cache
/// (``NodeMark``): how many cuts (so a state or a snapshot made before one is known stale),
/// the ranges lost and their events.
///
/// Keys: `cuts` → u64 LE count; `lost` · u64 BE first position → u64 BE last position · i64 BE
/// milliseconds of the cut; `event` · u64 BE cut number · u64 BE position → the event's stored
/// bytes.
struct CacheCuts: Sendable {
    /// The `node` database.
    let database: Database
    /// The databases a cut empties: caches of what the shared log keeps (answers, clients'
    /// positions) and the outline, which describes the cache's last event.
    let emptied: [Database]

    private static let countKey = Array("cuts".utf8)
    private static let lostPrefix = Array("lost".utf8)
    private static let eventPrefix = Array("event".utf8)

    /// The cuts of a node's cache in `environment`, making the databases a cut touches.
    init(environment: Environment) throws {
        database = try environment.database(.node)
        emptied = [
            try environment.database(.idempotency), try environment.database(.sync), try environment.database(.outline),
        ]
    }

    /// The cuts of a marked cache opened without its shared log (read only), `nil` when
    /// `environment` is not one.
    init?(existingIn environment: Environment) throws {
        guard let database = try environment.existingDatabase(.node) else { return nil }
        self.database = database
        emptied = []
    }

    /// How many times the cache was cut back.
    func count(in transaction: some Transaction) throws -> UInt64 {
        guard let value = try transaction.value(forKey: Self.countKey, in: database), value.count == 8 else { return 0 }
        return value.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Records a cut that lost `lost`, whose events `events` gives (position and stored bytes),
    /// and counts it; empties ``emptied``. Returns the new count.
    @discardableResult
    func record(_ lost: LostRange, events: [(position: UInt64, bytes: [UInt8])], in transaction: WriteTransaction) throws -> UInt64 {
        let cut = try count(in: transaction) &+ 1
        for (position, bytes) in events {
            try transaction.put(bytes, forKey: Self.eventPrefix + Self.bigEndian(cut) + Self.bigEndian(position), in: database)
        }
        let value = Self.bigEndian(lost.positions.upperBound) + Self.bigEndian(UInt64(bitPattern: lost.cutAt.millisecondsSinceEpoch))
        try transaction.put(value, forKey: Self.lostPrefix + Self.bigEndian(lost.positions.lowerBound), in: database)
        try transaction.put(withUnsafeBytes(of: cut.littleEndian) { Array($0) }, forKey: Self.countKey, in: database)
        for emptied in emptied { try transaction.removeAll(in: emptied) }
        return cut
    }

    /// Every range lost, by first position (a later cut from the same position replaces the
    /// earlier's record). Entries that do not have the layout are passed over.
    func lostRanges(in transaction: some Transaction) throws -> [LostRange] {
        var ranges: [LostRange] = []
        try forEach(prefix: Self.lostPrefix, in: transaction) { key, value in
            guard key.count == 8, value.count == 16 else { return }
            let first = Self.integer(key, at: 0), last = Self.integer(value, at: 0)
            guard first > 0, first <= last else { return }
            ranges.append(LostRange(positions: first...last, cutAt: Timestamp(millisecondsSinceEpoch: Int64(bitPattern: Self.integer(value, at: 8)))))
        }
        return ranges
    }

    /// The events cuts took from the cache, by cut and then position.
    func lostEvents(in transaction: some Transaction) throws -> [(cut: UInt64, position: UInt64, bytes: [UInt8])] {
        var events: [(cut: UInt64, position: UInt64, bytes: [UInt8])] = []
        try forEach(prefix: Self.eventPrefix, in: transaction) { key, value in
            guard key.count == 16 else { return }
            events.append((Self.integer(key, at: 0), Self.integer(key, at: 8), Array(value)))
        }
        return events
    }

    /// Calls `body` with the rest of the key and the value of each entry whose key starts with `prefix`.
    private func forEach(prefix: [UInt8], in transaction: some Transaction, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        try transaction.withCursor(on: database) { cursor in
            var entry = try prefix.withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.starts(with: prefix) {
                try body(UnsafeRawBufferPointer(rebasing: current.key[prefix.count...]), current.value)
                entry = try cursor.next()
            }
        }
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    private static func integer(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }
}
