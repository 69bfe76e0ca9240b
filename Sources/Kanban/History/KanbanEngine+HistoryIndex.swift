import KanbanCore
import LMDBStorage

extension KanbanEngine {
    @discardableResult
    func catchUpHistoryIndex(progress: (_ done: UInt64, _ total: UInt64) -> Void = { _, _ in }) throws -> UInt64 {
        try catchUpDerivedIndex(covered: { try historyIndex.extent(in: $0) }, extend: { try historyIndex.extend(from: log, limit: $0, in: $1) }, progress: progress)
    }

    func historyIndexLag() throws -> UInt64 {
        try derivedIndexLag { try historyIndex.extent(in: $0) }
    }

    /// Calls `body` with the sequence and raw bytes of every event a history of `card` needs,
    /// in log order (or newest first, `backward`), until it returns `false`: the card's own
    /// events, the events of its boards that may change column names, and any event whose head
    /// does not decode, from the index; every event after the index's extent, from the log.
    /// Costs what the card's trail and its boards' renames cost, not what the log does.
    func forEachEventForHistory(
        of card: CardID, backward: Bool, in transaction: some Transaction, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        let extent = try historyIndex.extent(in: transaction)
        var more = true
        if backward {
            try log.forEachRawBackward(in: transaction) { sequence, bytes in
                guard sequence > extent else { return false }
                more = try body(sequence, bytes)
                return more
            }
            guard more else { return }
        }
        let trail = try historyIndex.events(concerning: card, in: transaction)
        var sequences = Set(trail.map(\.sequence))
        // The boards the card's events are on, those after the extent too (a card added there
        // needs its board's names from before).
        var boards = Set(trail.compactMap(\.board))
        try log.forEachRaw(after: extent, in: transaction) { _, bytes in
            if EventCodec.peekCard(bytes) == card, let head = EventCodec.peekEnvelope(bytes) { boards.insert(head.board) }
            return true
        }
        for board in boards {
            sequences.formUnion(try historyIndex.namingEvents(of: board, in: transaction))
        }
        sequences.formUnion(try historyIndex.unreadableEvents(in: transaction))
        let ordered = sequences.filter { $0 <= extent }.sorted(by: backward ? (>) : (<))
        try log.forEachRaw(at: ordered, in: transaction) { sequence, bytes in
            more = try body(sequence, bytes)
            return more
        }
        if !backward && more {
            try log.forEachRaw(after: extent, in: transaction, body)
        }
    }

    /// The cards, live or deleted, added (on `board`, when given) with an id whose text starts
    /// with `prefix` (lowercase): at most `limit` of them, from the history index and the events
    /// after its extent.
    func cardsEverAdded(withPrefix prefix: String, board: BoardID?, limit: Int, in transaction: some Transaction) throws -> Set<CardID> {
        var matches = Set<CardID>()
        guard limit > 0 else { return matches }
        // A scan of the log would stop at an event that does not decode: so does this.
        try log.forEachRaw(at: try historyIndex.unreadableEvents(in: transaction).prefix(1), in: transaction) { sequence, bytes in
            _ = try EventLog.decode(bytes, sequence: sequence)
            return true
        }
        let added = EventKind.cardAdded.rawValue
        try historyIndex.forEachCard(withPrefix: prefix, in: transaction) { card, events in
            let wasAdded = events.contains { event in event.kind == added && (board == nil || event.board == board) }
            if wasAdded { matches.insert(card) }
            return matches.count < limit
        }
        guard matches.count < limit else { return matches }
        // Every card enters the log through a `cardAdded`: the other events are passed over
        // after their head, and an added card's id is read before its texts.
        try log.forEachRaw(after: try historyIndex.extent(in: transaction), in: transaction) { sequence, bytes in
            guard let head = EventCodec.peekEnvelope(bytes) else {
                _ = try EventLog.decode(bytes, sequence: sequence) // names what is wrong
                return true
            }
            guard head.kind == added, board.map({ $0 == head.board }) ?? true,
                  let card = EventCodec.peekCard(bytes), card.description.hasPrefix(prefix)
            else { return true }
            matches.insert(card)
            return matches.count < limit
        }
        return matches
    }
}
