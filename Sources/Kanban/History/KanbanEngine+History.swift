import KanbanCore
import LMDBStorage

extension KanbanEngine {
    func history(_ query: HistoryQuery) throws -> [HistoryEntry] {
        try read { transaction in
            var filter = HistoryFilter(
                actor: query.actor, since: query.since, until: query.until,
                untilSequence: query.untilSequence, limit: query.limit
            )
            // Boards and column names now, without the cards: a page of the newest entries
            // walks back from these names.
            let boards = try boardsNow(in: transaction)
            if let name = query.board {
                if let board = boards.board(named: name) {
                    filter.board = board.id
                } else if DefaultBoard.isPending(name, in: boards) {
                    filter.board = DefaultBoard.placeholderID
                } else {
                    throw KanbanError.unknownBoard(name)
                }
            }
            let names = boards.columns.mapValues(\.name)
            if let reference = query.card {
                filter.card = try cardEverAdded(matching: reference, board: filter.board, in: transaction)
            }
            if let limit = filter.limit {
                return try newestEntries(limit, filter: filter, language: query.language, namesNow: names, in: transaction)
            }
            let end = filter.untilSequence
            var builder = HistoryBuilder(filter: filter, language: query.language)
            try forEachEventForHistory(filter, backward: false, in: transaction) { sequence, bytes in
                if let end, sequence > end { return false }
                // An event of unknown kind is decoded too, so that its error names it.
                let namesThings = EventCodec.peekKind(bytes)?.mayChangeNames ?? true
                let relevant = mayAdmit(bytes, filter)
                guard relevant || namesThings else { return true }
                let event = try EventLog.decode(bytes, sequence: sequence)
                if relevant { builder.consume(event) } else { builder.track(event) }
                return true
            }
            return builder.result
        }
    }

    /// The newest `limit` entries `filter` admits, in log order, found by reading the log
    /// backwards from its end: it stops at the `limit`-th entry, so a page costs what it shows
    /// (plus the events between, for a filter that skips most). Column names are walked back
    /// from `namesNow` through the events that rename things on the way, then the page is
    /// folded forward from there as a whole-log fold would have it.
    private func newestEntries(
        _ limit: Int, filter: HistoryFilter, language: HistoryLanguage, namesNow: [ColumnID: String], in transaction: some Transaction
    ) throws -> [HistoryEntry] {
        var names = namesNow
        var picked: [RecordedEvent] = []
        var naming: [RecordedEvent] = []
        if limit > 0 {
            try forEachEventForHistory(filter, backward: true, in: transaction) { sequence, bytes in
                let namesThings = EventCodec.peekKind(bytes)?.mayChangeNames ?? true
                let inRange = filter.untilSequence.map { sequence <= $0 } ?? true
                guard (inRange && mayAdmit(bytes, filter)) || namesThings else { return true }
                let event = try EventLog.decode(bytes, sequence: sequence)
                // A card filter on a restore (or an undo of one) needs the decoded event.
                if inRange && filter.admits(event) { picked.append(event) } else if namesThings { naming.append(event) }
                HistoryBuilder.nameBefore(event.payload.effect, in: &names)
                return picked.count < limit
            }
        }
        // `names` is now as it was just before the oldest entry picked: fold forward from there.
        var builder = HistoryBuilder(filter: filter, language: language, columnNames: names)
        var pickedIndex = picked.count - 1
        var namingIndex = naming.count - 1
        while pickedIndex >= 0 || namingIndex >= 0 {
            if namingIndex < 0 || (pickedIndex >= 0 && picked[pickedIndex].sequence < naming[namingIndex].sequence) {
                builder.consume(picked[pickedIndex])
                pickedIndex -= 1
            } else {
                builder.track(naming[namingIndex])
                namingIndex -= 1
            }
        }
        return builder.result
    }

    /// Whether `filter` may admit the encoded event, from its envelope alone: exact, except
    /// for a card filter on a restore, which names no single card.
    private func mayAdmit(_ bytes: UnsafeRawBufferPointer, _ filter: HistoryFilter) -> Bool {
        guard let head = EventCodec.peekEnvelope(bytes) else { return true }
        if let board = filter.board, head.board != board { return false }
        if let since = filter.since, head.validTime < since { return false }
        if let until = filter.until, head.validTime > until { return false }
        if let actor = filter.actor, !head.actor.elementsEqual(actor.utf8) { return false }
        if let card = filter.card {
            let peeked = EventCodec.peekCard(bytes)
            return peeked == card || (peeked == nil && (EventKind(rawValue: head.kind)?.isCompound ?? true))
        }
        return true
    }

    /// The card, live or deleted, whose id is `reference` or starts with it.
    private func cardEverAdded(matching reference: String, board: BoardID?, in transaction: some Transaction) throws -> CardID {
        let prefix = reference.trimmingCharacters(in: .whitespaces).lowercased()
        guard !prefix.isEmpty else { throw KanbanError.unknownCard(reference) }
        let matches = try cardsEverAdded(withPrefix: prefix, board: board, limit: .max, in: transaction)
        guard let card = matches.first else { throw KanbanError.unknownCard(reference) }
        guard matches.count == 1 else { throw KanbanError.ambiguousCard(reference, matches: matches.count) }
        return card
    }

    /// Calls `body` with every event a history under `filter` may need, in log order (or newest
    /// first): for one card's, from the history index; else the whole log.
    private func forEachEventForHistory(
        _ filter: HistoryFilter, backward: Bool, in transaction: some Transaction, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        if let card = filter.card {
            try forEachEventForHistory(of: card, backward: backward, in: transaction, body)
        } else if backward {
            try log.forEachRawBackward(in: transaction, body)
        } else {
            try log.forEachRaw(after: 0, in: transaction, body)
        }
    }
}
