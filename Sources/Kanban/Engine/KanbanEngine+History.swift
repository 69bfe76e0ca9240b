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
                if DefaultBoard.isPending(name, in: state) { return DefaultBoard.placeholderID }
                throw KanbanError.unknownBoard(name)
            }
        }
        return try read { transaction in
            if let reference = query.card {
                filter.card = try cardEverAdded(matching: reference, board: filter.board, in: transaction)
            }
            // With a limit, a first pass over the envelopes finds the entries to show, so the
            // fold decodes only those and the events that rename things.
            let shown = try filter.limit.map { try lastAdmitted($0, filter: filter, in: transaction) }
            let end = shown.map { $0.max() ?? 0 } ?? filter.untilSequence
            var builder = HistoryBuilder(filter: filter, language: query.language)
            try log.forEachRaw(after: 0, in: transaction) { sequence, bytes in
                if let end, sequence > end { return false }
                // An event of unknown kind is decoded too, so that its error names it.
                let namesThings = EventCodec.peekKind(bytes)?.mayChangeNames ?? true
                let relevant = shown.map { $0.contains(sequence) } ?? mayAdmit(bytes, filter)
                guard relevant || namesThings else { return true }
                let event = try EventLog.decode(bytes, sequence: sequence)
                if relevant { builder.consume(event) } else { builder.track(event) }
                return true
            }
            return builder.result
        }
    }

    /// The sequence numbers of the last `limit` events `filter` admits, in order.
    private func lastAdmitted(_ limit: Int, filter: HistoryFilter, in transaction: some Transaction) throws -> Set<UInt64> {
        var admitted: [UInt64] = []
        try log.forEachRaw(after: 0, in: transaction) { sequence, bytes in
            if let last = filter.untilSequence, sequence > last { return false }
            guard mayAdmit(bytes, filter) else { return true }
            // Only a restore (or an undo of one) needs decoding to tell which cards it touches.
            if filter.card != nil && EventCodec.peekCard(bytes) == nil {
                guard filter.admits(try EventLog.decode(bytes, sequence: sequence)) else { return true }
            }
            admitted.append(sequence)
            if admitted.count > 2 * max(limit, 1024) { admitted.removeFirst(admitted.count - limit) }
            return true
        }
        return Set(admitted.suffix(max(limit, 0)))
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
