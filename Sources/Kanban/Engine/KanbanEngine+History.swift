import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The history entries `query` asks for, in log order: a fold over the whole log, so lines
    /// show column names as they were and deleted cards keep their trail.
    public func history(_ query: HistoryQuery) throws -> [HistoryEntry] {
        var filter = HistoryFilter(
            actor: query.actor, since: query.since, until: query.until,
            untilSequence: query.untilSequence, limit: query.limit
        )
        if let name = query.board {
            filter.board = try withState { state in
                if let board = state.board(named: name) { return board.id }
                if state.boardsCreated == 0 && name.lowercased() == Board.defaultName { return BoardID(Identifier(high: 0, low: 0)) }
                throw KanbanError.unknownBoard(name)
            }
        }
        return try log.environment.read { transaction in
            if let reference = query.card {
                filter.card = try cardEverAdded(matching: reference, board: filter.board, in: transaction)
            }
            var builder = HistoryBuilder(filter: filter, language: query.language)
            try log.forEach(after: 0, in: transaction) { event in
                if let last = filter.untilSequence, event.sequence > last { return false }
                builder.consume(event)
                return true
            }
            return builder.result
        }
    }

    /// The card, live or deleted, whose id is `reference` or starts with it.
    private func cardEverAdded(matching reference: String, board: BoardID?, in transaction: some Transaction) throws -> CardID {
        let prefix = reference.trimmingCharacters(in: .whitespaces).lowercased()
        guard !prefix.isEmpty else { throw KanbanError.unknownCard(reference) }
        var matches = Set<CardID>()
        try log.forEach(after: 0, in: transaction) { event in
            if case .cardAdded(let added) = event.payload, board.map({ $0 == event.board }) ?? true,
               added.card.id.description.hasPrefix(prefix) {
                matches.insert(added.card.id)
            }
            return true
        }
        guard let card = matches.first else { throw KanbanError.unknownCard(reference) }
        guard matches.count == 1 else { throw KanbanError.ambiguousCard(reference, matches: matches.count) }
        return card
    }
}
