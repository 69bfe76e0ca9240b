import KanbanCore
import LMDBStorage

/// An index of the log for the reads that concern one card: kept in the named database
/// `history` in the same write transactions as the events it covers (like the audit tree), so
/// that a card's trail, or finding a card by a prefix of its id, reads that card's entries
/// rather than the whole log.
///
/// Keys, and values:
/// - `0x01` · epoch (u32 big-endian: the sequence's bits above the lowest 16, or as many as the
///   key `0xFE` says) · card id (16 bytes) · u64 big-endian sequence → the event's kind tag and
///   board id: every event that concerns the card (``KanbanCore/EventCodec/peekCard(_:)``: its
///   own, and undos and redos of them). Card ids are random: the epoch keeps a batch's inserts
///   among the pages of the newest 65,536 events, not spread over the whole index (a batch of
///   10,000 events would otherwise dirty thousands of pages), and a card's trail costs a seek
///   per epoch;
/// - `0x02` · board id (16 bytes) · sequence → kind tag: every event of the board that may make,
///   rename or remove a column (what a page of history walks back through for the names as
///   they were);
/// - `0x03` · sequence → a zero byte: every event whose head does not decode (each reader
///   decodes it, so that its error names it);
/// - `0x04` · card id (16 bytes) · detail id (16 bytes) → nothing: every comment, checklist item
///   and link ever added to the card, so that a new one's id is checked unused with one look-up,
///   however long the card's history;
/// - `0xFD`: the layout's version (one byte, 3). An index without it, or of another version, was
///   written in an older layout (card keys without the epoch; no detail ids): it covers nothing,
///   and the next extension empties it and indexes the log again;
/// - `0xFE` (optional): the number of low bits of a sequence below its epoch (one byte, 2–48;
///   any other value reads as 16: fewer bits would cost a card's trail a seek per few events);
/// - `0xFF`: how far the index goes (u64 little-endian): events after it are read from the log.
struct HistoryIndex: Sendable {
    let database: Database

    private static let cardTag: UInt8 = 0x01
    private static let namingTag: UInt8 = 0x02
    private static let unreadableTag: UInt8 = 0x03
    private static let detailTag: UInt8 = 0x04
    private static let extentKey: [UInt8] = [0xFF]
    private static let layoutKey: [UInt8] = [0xFD]
    private static let layoutVersion: UInt8 = 3
    private static let epochShiftKey: [UInt8] = [0xFE]
    /// Events per epoch of the card entries, unless the index says otherwise: 2^16.
    static let defaultEpochShift: UInt8 = 16

    init(environment: Environment) throws {
        database = try environment.database(.history)
    }

    /// The sequence of the last event indexed (0: none, also for an index of an older layout).
    func extent(in transaction: some Transaction) throws -> UInt64 {
        guard try isCurrentLayout(in: transaction),
              let value = try transaction.value(forKey: Self.extentKey, in: database), value.count == 8 else { return 0 }
        return value.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Indexes the events after the index's extent, up to the log's end (or `limit` of them);
    /// returns the new extent.
    @discardableResult
    func extend(from log: EventLog, limit: Int = .max, in transaction: WriteTransaction) throws -> UInt64 {
        try adoptCurrentLayout(in: transaction)
        var extent = try self.extent(in: transaction)
        let shift = try epochShift(in: transaction)
        var added = 0
        var entries: [(key: [UInt8], value: [UInt8])] = []
        try log.forEachRaw(after: extent, in: transaction) { sequence, bytes in
            guard added < limit else { return false }
            entries.append(contentsOf: Self.entries(of: bytes, sequence: sequence, epochShift: shift))
            extent = sequence
            added += 1
            return true
        }
        guard added > 0 else { return extent }
        // In key order through one cursor: each page of the index is visited once, in turn,
        // and a put whose key belongs on the page of the one before skips the search from the root.
        let order = HistoryIndexSortKey.order(of: entries.map(\.key))
        try transaction.withWriteCursor(on: database) { cursor in
            for position in order {
                try cursor.put(entries[position].value, forKey: entries[position].key)
            }
            try cursor.put((0..<8).map { UInt8(truncatingIfNeeded: extent >> (8 * $0)) }, forKey: Self.extentKey)
        }
        return extent
    }

    /// Removes the entries of `log`'s events after `sequence` and sets the extent to it (a
    /// node's cache cut back to its shared log's prefix); call it before those events leave the
    /// log. An index that does not reach past `sequence` is left as it is.
    func truncate(after sequence: UInt64, of log: EventLog, in transaction: WriteTransaction) throws {
        guard try extent(in: transaction) > sequence else { return }
        let shift = try epochShift(in: transaction)
        var keys: [[UInt8]] = []
        try log.forEachRaw(after: sequence, in: transaction) { position, bytes in
            keys.append(contentsOf: Self.entries(of: bytes, sequence: position, epochShift: shift).map(\.key))
            return true
        }
        for key in keys { _ = try transaction.delete(forKey: key, in: database) }
        try transaction.put((0..<8).map { UInt8(truncatingIfNeeded: sequence >> (8 * $0)) }, forKey: Self.extentKey, in: database)
    }

    /// Whether the index is in this layout (or holds nothing yet).
    private func isCurrentLayout(in transaction: some Transaction) throws -> Bool {
        if let value = try transaction.value(forKey: Self.layoutKey, in: database) { return value == [Self.layoutVersion] }
        return try transaction.value(forKey: Self.extentKey, in: database) == nil
    }

    /// Marks the index as this layout's, first emptying one of an older layout.
    private func adoptCurrentLayout(in transaction: WriteTransaction) throws {
        guard try transaction.value(forKey: Self.layoutKey, in: database) != [Self.layoutVersion] else { return }
        if try !isCurrentLayout(in: transaction) { try transaction.removeAll(in: database) }
        try transaction.put([Self.layoutVersion], forKey: Self.layoutKey, in: database)
    }

    /// The number of low bits of a sequence below its epoch.
    func epochShift(in transaction: some Transaction) throws -> UInt8 {
        guard let value = try transaction.value(forKey: Self.epochShiftKey, in: database), value.count == 1, (2...48).contains(value[0]) else {
            return Self.defaultEpochShift
        }
        return value[0]
    }

    /// Sets the epochs' size of an index still empty (for tests that cross many epochs).
    func setEpochShift(_ shift: UInt8, in transaction: WriteTransaction) throws {
        let extent = try extent(in: transaction)
        precondition((2...48).contains(shift) && extent == 0, "the epochs' size is set before the first event is indexed")
        try adoptCurrentLayout(in: transaction)
        try transaction.put([shift], forKey: Self.epochShiftKey, in: database)
    }

    /// The index entries of the event stored under `sequence` as `bytes`.
    static func entries(of bytes: UnsafeRawBufferPointer, sequence: UInt64, epochShift: UInt8) -> [(key: [UInt8], value: [UInt8])] {
        guard let head = EventCodec.peekEnvelope(bytes) else { return [(key([unreadableTag], sequence: sequence), [0])] }
        var entries: [(key: [UInt8], value: [UInt8])] = []
        if let card = EventCodec.peekCard(bytes) {
            entries.append((cardKey(card, sequence: sequence, epochShift: epochShift), key([head.kind], head.board.raw)))
        }
        if EventCodec.peekEffectKind(bytes)?.mayChangeNames ?? true {
            entries.append((key([namingTag], head.board.raw, sequence: sequence), [head.kind]))
        }
        if let added = addedDetail(of: bytes, kind: head.kind, sequence: sequence) {
            entries.append((detailKey(added.detail, on: added.card), []))
        }
        return entries
    }

    /// The comment, checklist item or link the event adds, and its card: read only for the
    /// kinds that add one (a detail id first enters the log through such an event; an undo or a
    /// restore can only bring back one added before).
    private static func addedDetail(of bytes: UnsafeRawBufferPointer, kind: UInt8, sequence: UInt64) -> (detail: DetailID, card: CardID)? {
        guard kind == EventKind.commentAdded.rawValue || kind == EventKind.checklistItemAdded.rawValue || kind == EventKind.linkAttached.rawValue,
              let event = try? EventLog.decode(bytes, sequence: sequence),
              case .cardDetail(let changed) = event.payload
        else { return nil }
        switch changed.edit {
        case .commentAdded(let comment, _): return (comment.id, changed.card)
        case .itemAdded(let item, _): return (item.id, changed.card)
        case .linkAttached(let link, _): return (link.id, changed.card)
        default: return nil
        }
    }

    /// The key of `detail`'s entry on `card`.
    static func detailKey(_ detail: DetailID, on card: CardID) -> [UInt8] {
        key([detailTag], card.raw) + key([], detail.raw)
    }

    /// Whether the index lists `detail` as added to `card` (in the events up to its extent).
    func hasAdded(_ detail: DetailID, to card: CardID, in transaction: some Transaction) throws -> Bool {
        try transaction.value(forKey: Self.detailKey(detail, on: card), in: database) != nil
    }

    /// The events indexed under `card` after event `after` (all of them by default), oldest
    /// first: a seek in each epoch from the one of `after`'s successor, so a conflict check since a
    /// recent event reads what came after it, not the card's whole trail.
    func events(concerning card: CardID, after: UInt64 = 0, in transaction: some Transaction) throws -> [IndexedEvent] {
        let extent = try extent(in: transaction)
        guard after < extent else { return [] }
        let shift = try epochShift(in: transaction)
        var events: [IndexedEvent] = []
        let first = Self.epoch(of: after + 1, shift: shift)
        for epoch in first...max(first, Self.epoch(of: extent, shift: shift)) {
            let prefix = Self.key(Self.epochPrefix(epoch), card.raw)
            events += try entries(under: prefix, from: epoch == first ? after + 1 : 0, in: transaction)
        }
        return events
    }

    /// The sequences of the events of `board` that may change column names after event `after`
    /// (all of them by default), oldest first.
    func namingEvents(of board: BoardID, after: UInt64 = 0, in transaction: some Transaction) throws -> [UInt64] {
        try entries(under: Self.key([Self.namingTag], board.raw), from: after == .max ? after : after + 1, in: transaction).map(\.sequence)
    }

    /// The sequences of the events whose head does not decode, oldest first.
    func unreadableEvents(in transaction: some Transaction) throws -> [UInt64] {
        try entries(under: [Self.unreadableTag], in: transaction).map(\.sequence)
    }

    /// Calls `body` with each indexed card whose id's text (``KanbanCore/Identifier/description``)
    /// starts with `prefix` and its events of one epoch, oldest first, epoch by epoch and in id
    /// order within one, until it returns `false` (a card with events in several epochs comes
    /// once for each). None for a prefix that no id's text can start with.
    func forEachCard(
        withPrefix prefix: String, in transaction: some Transaction, _ body: (CardID, [IndexedEvent]) throws -> Bool
    ) throws {
        guard let range = Self.identifierRange(prefix) else { return }
        let last = Self.epoch(of: try extent(in: transaction), shift: try epochShift(in: transaction))
        try transaction.withCursor(on: database) { cursor in
            for epoch in 0...last {
                let head = Self.epochPrefix(epoch)
                var entry = try Self.key(head, range.lowerBound).withUnsafeBytes { try cursor.seek(atLeast: $0) }
                var card: Identifier?
                var events: [IndexedEvent] = []
                while let current = entry, current.key.count == head.count + 24, current.key.starts(with: head) {
                    let id = Identifier(high: Self.bigEndian(current.key, at: head.count), low: Self.bigEndian(current.key, at: head.count + 8))
                    guard id <= range.upperBound else { break }
                    if let previous = card, previous != id {
                        guard try body(CardID(previous), events) else { return }
                        events = []
                    }
                    card = id
                    events.append(Self.indexedEvent(current, sequenceAt: head.count + 16))
                    entry = try cursor.next()
                }
                if let card { guard try body(CardID(card), events) else { return } }
            }
        }
    }

    /// Calls `body` with every entry of the index but its extent and epoch size: key and value.
    func forEachEntry(in transaction: some Transaction, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        try transaction.withCursor(on: database) { cursor in
            var entry = try cursor.first()
            while let current = entry {
                if current.key.count > 1 { try body(current.key, current.value) }
                entry = try cursor.next()
            }
        }
    }

    /// The entries whose keys are `prefix` and a sequence, in order, from sequence `first` on.
    private func entries(under prefix: [UInt8], from first: UInt64 = 0, in transaction: some Transaction) throws -> [IndexedEvent] {
        var found: [IndexedEvent] = []
        try transaction.withCursor(on: database) { cursor in
            var entry = try Self.key(prefix, sequence: first).withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.count == prefix.count + 8, current.key.starts(with: prefix) {
                found.append(Self.indexedEvent(current, sequenceAt: prefix.count))
                entry = try cursor.next()
            }
        }
        return found
    }

    /// The event an entry lists: its key holds the sequence at `offset`.
    private static func indexedEvent(_ entry: Entry, sequenceAt offset: Int) -> IndexedEvent {
        let value = entry.value
        return IndexedEvent(
            sequence: bigEndian(entry.key, at: offset),
            kind: value.first ?? 0,
            board: value.count == 17 ? BoardID(Identifier(high: bigEndian(value, at: 1), low: bigEndian(value, at: 9))) : nil
        )
    }

    /// The key of `card`'s entry for event `sequence`.
    static func cardKey(_ card: CardID, sequence: UInt64, epochShift: UInt8 = defaultEpochShift) -> [UInt8] {
        key(epochPrefix(epoch(of: sequence, shift: epochShift)), card.raw, sequence: sequence)
    }

    private static func epoch(of sequence: UInt64, shift: UInt8) -> UInt32 {
        UInt32(truncatingIfNeeded: sequence >> UInt64(shift))
    }

    /// The card tag and `epoch`, the start of the keys of the epoch's card entries.
    private static func epochPrefix(_ epoch: UInt32) -> [UInt8] {
        var prefix: [UInt8] = [cardTag]
        withUnsafeBytes(of: epoch.bigEndian) { prefix.append(contentsOf: $0) }
        return prefix
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
        func append(_ word: UInt64) { withUnsafeBytes(of: word.bigEndian) { key.append(contentsOf: $0) } }
        if let identifier {
            append(identifier.high)
            append(identifier.low)
        }
        if let sequence { append(sequence) }
        return key
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }
}
