import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// How many events one read transaction of an export copies out: the log is read in pages,
    /// each in a short read transaction of its own, and handed out between them, so an export
    /// holds one page in memory and pins no pages of the database while it writes.
    static let exportPageSize = 1024

    func exportEvents(_ query: ExportQuery, _ body: (StoredEvent) throws -> Void) throws {
        let filter = try exportFilter(query)
        try forEachStoredValue(through: filter.untilSequence) { sequence, bytes in
            guard mayTake(bytes, filter) else { return }
            let event = try bytes.withUnsafeBytes { try EventLog.decode($0, sequence: sequence) }
            guard filter.admits(event) else { return }
            try body(StoredEvent(event: event, bytes: bytes))
        }
    }

    func exportHistory(_ query: ExportQuery, language: HistoryLanguage, _ body: (HistoryRow) throws -> Void) throws {
        let filter = try exportFilter(query)
        var builder = HistoryBuilder(filter: filter, language: language)
        var boardNames: [BoardID: String] = [:]
        try forEachStoredValue(through: filter.untilSequence) { sequence, bytes in
            let taken = mayTake(bytes, filter)
            // An event of unknown kind is decoded too, so that its error names it.
            guard taken || (bytes.withUnsafeBytes { EventCodec.peekKind($0) }?.mayChangeNames ?? true) else { return }
            let event = try bytes.withUnsafeBytes { try EventLog.decode($0, sequence: sequence) }
            Self.follow(event.payload.effect, board: event.board, into: &boardNames)
            guard let entry = builder.next(event) else { return }
            try body(HistoryRow(
                entry: entry, boardName: boardNames[event.board] ?? event.board.description,
                cardTitle: Self.cardTitle(in: event.payload.effect)
            ))
        }
    }

    /// The filter `query` stands for; the board named as it is now.
    private func exportFilter(_ query: ExportQuery) throws -> HistoryFilter {
        var filter = HistoryFilter(since: query.since, until: query.until, untilSequence: query.untilSequence)
        if let name = query.board {
            filter.board = try withState { state in
                if let board = state.board(named: name) { return board.id }
                if DefaultBoard.isPending(name, in: state) { return DefaultBoard.placeholderID }
                throw KanbanError.unknownBoard(name)
            }
        }
        return filter
    }

    /// Calls `body` with the sequence number and a copy of the stored bytes of every event up
    /// to `last` (the whole log when `nil`) and no further than the log's end now, in order,
    /// a page at a time: each page is copied in a read transaction, then handed out after it.
    private func forEachStoredValue(through last: UInt64?, _ body: (UInt64, [UInt8]) throws -> Void) throws {
        let end = min(try lastSequence(), last ?? .max)
        var after: UInt64 = 0
        while after < end {
            let page: [(UInt64, [UInt8])] = try read { transaction in
                var page: [(UInt64, [UInt8])] = []
                page.reserveCapacity(Self.exportPageSize)
                try log.forEachRaw(after: after, in: transaction) { sequence, bytes in
                    guard sequence <= end else { return false }
                    page.append((sequence, Array(bytes)))
                    return page.count < Self.exportPageSize
                }
                return page
            }
            guard let lastOfPage = page.last?.0 else { return }
            for (sequence, bytes) in page { try body(sequence, bytes) }
            after = lastOfPage
        }
    }

    /// Whether `filter` may take the stored event, from its envelope alone (exact when the
    /// envelope reads: an export filters on nothing else).
    private func mayTake(_ bytes: [UInt8], _ filter: HistoryFilter) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let head = EventCodec.peekEnvelope(buffer) else { return true }
            if let board = filter.board, head.board != board { return false }
            if let since = filter.since, head.validTime < since { return false }
            if let until = filter.until, head.validTime > until { return false }
            return true
        }
    }

    /// Follows board names through `effect`, an event of board `board`.
    private static func follow(_ effect: EventPayload, board: BoardID, into names: inout [BoardID: String]) {
        switch effect {
        case .boardCreated(let created): names[board] = created.name
        case .boardRenamed(let renamed): names[board] = renamed.to
        case .restored(let restored): for change in restored.effects { follow(change, board: board, into: &names) }
        default: break
        }
    }

    /// The title of the card `effect` concerns, as the event carries it (after an edit, the new one).
    private static func cardTitle(in effect: EventPayload) -> String? {
        switch effect {
        case .cardAdded(let added): added.card.title
        case .cardEdited(let edited): edited.title
        case .cardMoved(let moved): moved.title
        case .cardDeleted(let deleted): deleted.card.title
        case .cardRevived(let revived): revived.card.title
        default: nil
        }
    }
}
