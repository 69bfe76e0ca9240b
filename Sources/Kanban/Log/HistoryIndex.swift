import KanbanCore
import LMDBStorage

/// An index of the log for the reads that concern one card: kept in the named database
/// `history` in the same write transactions as the events it covers (like the audit tree), so
/// that a card's trail, or finding a card by a prefix of its id, reads that card's entries
/// rather than the whole log.
///
/// Keys, and values:
/// - `0x01` · card id (16 bytes) · u64 big-endian sequence → the event's kind tag and board id:
///   every event that concerns the card (``KanbanCore/EventCodec/peekCard(_:)``: its own, and
///   undos and redos of them);
/// - `0x02` · board id (16 bytes) · sequence → kind tag: every event of the board that may make, rename or
///   remove a column (what a page of history walks back through for the names as they were);
/// - `0x03` · sequence → a zero byte: every event whose head does not decode (each reader decodes it, so that
///   its error names it);
/// - `0xFF`: how far the index goes (u64 little-endian): events after it are read from the log.
struct HistoryIndex: Sendable {
    let database: Database

    /// The name of the database that holds the index.
    static let databaseName = "history"
    private static let cardTag: UInt8 = 0x01
    private static let namingTag: UInt8 = 0x02
    private static let unreadableTag: UInt8 = 0x03
    private static let extentKey: [UInt8] = [0xFF]

    init(environment: Environment) throws {
        database = try environment.database(named: HistoryIndex.databaseName)
    }

    /// The sequence of the last event indexed (0: none).
    func extent(in transaction: some Transaction) throws -> UInt64 {
        guard let value = try transaction.value(forKey: Self.extentKey, in: database), value.count == 8 else { return 0 }
        return value.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Indexes the events after the index's extent, up to the log's end (or `limit` of them);
    /// returns the new extent.
    @discardableResult
    func extend(from log: EventLog, limit: Int = .max, in transaction: WriteTransaction) throws -> UInt64 {
        var extent = try self.extent(in: transaction)
        var added = 0
        var entries: [(key: [UInt8], value: [UInt8])] = []
        try log.forEachRaw(after: extent, in: transaction) { sequence, bytes in
            guard added < limit else { return false }
            entries.append(contentsOf: Self.entries(of: bytes, sequence: sequence))
            extent = sequence
            added += 1
            return true
        }
        guard added > 0 else { return extent }
        for (key, value) in entries {
            try transaction.put(value, forKey: key, in: database)
        }
        try transaction.put((0..<8).map { UInt8(truncatingIfNeeded: extent >> (8 * $0)) }, forKey: Self.extentKey, in: database)
        return extent
    }

    /// The index entries of the event stored under `sequence` as `bytes`.
    static func entries(of bytes: UnsafeRawBufferPointer, sequence: UInt64) -> [(key: [UInt8], value: [UInt8])] {
        guard let head = EventCodec.peekEnvelope(bytes) else { return [(key([unreadableTag], sequence: sequence), [0])] }
        var entries: [(key: [UInt8], value: [UInt8])] = []
        if let card = EventCodec.peekCard(bytes) {
            entries.append((key([cardTag], card.raw, sequence: sequence), key([head.kind], head.board.raw)))
        }
        if EventCodec.peekEffectKind(bytes)?.mayChangeNames ?? true {
            entries.append((key([namingTag], head.board.raw, sequence: sequence), [head.kind]))
        }
        return entries
    }

    /// The events indexed under `card`, oldest first.
    func events(concerning card: CardID, in transaction: some Transaction) throws -> [IndexedEvent] {
        try entries(under: Self.key([Self.cardTag], card.raw), in: transaction)
    }

    /// The sequences of the events of `board` that may change column names, oldest first.
    func namingEvents(of board: BoardID, in transaction: some Transaction) throws -> [UInt64] {
        try entries(under: Self.key([Self.namingTag], board.raw), in: transaction).map(\.sequence)
    }

    /// The sequences of the events whose head does not decode, oldest first.
    func unreadableEvents(in transaction: some Transaction) throws -> [UInt64] {
        try entries(under: [Self.unreadableTag], in: transaction).map(\.sequence)
    }

    /// Calls `body` with each indexed card whose id's text (``KanbanCore/Identifier/description``)
    /// starts with `prefix`, in id order, and its events oldest first, until it returns `false`.
    /// None for a prefix that no id's text can start with.
    func forEachCard(
        withPrefix prefix: String, in transaction: some Transaction, _ body: (CardID, [IndexedEvent]) throws -> Bool
    ) throws {
        guard let range = Self.identifierRange(prefix) else { return }
        try transaction.withCursor(on: database) { cursor in
            var entry = try Self.key([Self.cardTag], range.lowerBound).withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.count == 25, current.key[0] == Self.cardTag {
                let card = Identifier(high: Self.bigEndian(current.key, at: 1), low: Self.bigEndian(current.key, at: 9))
                guard card <= range.upperBound else { return }
                guard try body(CardID(card), try events(concerning: CardID(card), in: transaction)) else { return }
                // On to the first key after this card's (no event has the largest sequence).
                entry = try Self.key([Self.cardTag], card, sequence: .max).withUnsafeBytes { try cursor.seek(atLeast: $0) }
            }
        }
    }

    /// Calls `body` with every entry of the index but its extent: key and value.
    func forEachEntry(in transaction: some Transaction, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        try transaction.withCursor(on: database) { cursor in
            var entry = try cursor.first()
            while let current = entry {
                if !current.key.elementsEqual(Self.extentKey) { try body(current.key, current.value) }
                entry = try cursor.next()
            }
        }
    }

    /// The entries whose keys are `prefix` and a sequence, in order.
    private func entries(under prefix: [UInt8], in transaction: some Transaction) throws -> [IndexedEvent] {
        var found: [IndexedEvent] = []
        try transaction.withCursor(on: database) { cursor in
            var entry = try prefix.withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.count == prefix.count + 8, current.key.starts(with: prefix) {
                let value = current.value
                found.append(IndexedEvent(
                    sequence: Self.bigEndian(current.key, at: prefix.count),
                    kind: value.first ?? 0,
                    board: value.count == 17 ? BoardID(Identifier(high: Self.bigEndian(value, at: 1), low: Self.bigEndian(value, at: 9))) : nil
                ))
                entry = try cursor.next()
            }
        }
        return found
    }

    /// The ids whose text starts with `prefix` (lowercase hex digits and dashes where the text
    /// has them): the smallest and the largest; `nil` when no id's text can start with it.
    static func identifierRange(_ prefix: String) -> ClosedRange<Identifier>? {
        var low = (UInt64(0), UInt64(0))
        var high = (UInt64(0), UInt64(0))
        var digits = 0
        for (offset, byte) in prefix.utf8.enumerated() {
            guard offset < 36 else { return nil }
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            let shift = UInt64(60 - (digits % 16) * 4)
            if digits < 16 {
                low.0 |= value << shift
                high.0 |= value << shift
            } else {
                low.1 |= value << shift
                high.1 |= value << shift
            }
            digits += 1
        }
        // The digits not given: all zero at the low end, all one at the high end.
        for digit in digits..<32 {
            let shift = UInt64(60 - (digit % 16) * 4)
            if digit < 16 { high.0 |= 0xF << shift } else { high.1 |= 0xF << shift }
        }
        return Identifier(high: low.0, low: low.1)...Identifier(high: high.0, low: high.1)
    }

    /// `prefix`, then `identifier`'s 16 bytes, then `sequence` (when given), big-endian.
    static func key(_ prefix: [UInt8], _ identifier: Identifier? = nil, sequence: UInt64? = nil) -> [UInt8] {
        var key = prefix
        key.reserveCapacity(prefix.count + 24)
        var words: [UInt64] = []
        if let identifier { words += [identifier.high, identifier.low] }
        if let sequence { words.append(sequence) }
        for word in words {
            for shift in stride(from: 56, through: 0, by: -8) { key.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return key
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }
}
