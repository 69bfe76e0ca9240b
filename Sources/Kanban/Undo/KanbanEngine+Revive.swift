import KanbanCore
import LMDBStorage

extension KanbanEngine {
    func deletedCards(board: String, limit: Int? = nil, before: UInt64? = nil) throws -> [DeletedCard] {
        let state = try withState { $0 }
        if DefaultBoard.isPending(board, in: state) { return [] }
        guard let found = state.board(named: board) else { throw KanbanError.unknownBoard(board) }
        return try read { transaction in
            try deletedCards(on: found.id, matching: nil, limit: limit, before: before, state: state, in: transaction)
        }
    }

    /// The event reviving the deleted card `card` names, decided on `state` with the deleted
    /// cards read from the log inside `transaction` (the state keeps none).
    func decideRevive(
        board: String,
        card: String,
        column: String?,
        index: Int?,
        state: KanbanState,
        in transaction: some Transaction
    ) throws -> BoardEvent {
        guard !DefaultBoard.isPending(in: state) else { throw KanbanError.unknownCard(card) }
        guard let found = state.board(named: board) else { throw KanbanError.unknownBoard(board) }
        let reference = CardReference(card)
        guard !reference.isEmpty else { throw KanbanError.unknownCard(card) }
        // A whole id names one card: its newest deletion is enough. A prefix needs every match,
        // to tell an ambiguous one.
        let deleted = try deletedCards(
            on: found.id, matching: reference, limit: reference.id == nil ? nil : 1, state: state, in: transaction
        )
        return try Decider.revive(board: board, card: card, column: column, index: index, deleted: deleted, in: state)
    }

    /// The cards of `board` not live in `state` whose newest removal the log records, newest
    /// first, those `reference` names (all when `nil`), at most `limit`. Each card's event is
    /// found by peeking at its id (``EventCodec/peekCard(_:)``); only candidates are decoded.
    private func deletedCards(
        on board: BoardID,
        matching reference: CardReference?,
        limit: Int?,
        before: UInt64? = nil,
        state: KanbanState,
        in transaction: some Transaction
    ) throws -> [DeletedCard] {
        var found: [DeletedCard] = []
        var seen = Set<CardID>()
        guard limit.map({ $0 > 0 }) ?? true else { return found }
        func wanted(_ card: CardID) -> Bool {
            state.cards[card] == nil && !seen.contains(card) && (reference?.matches(card) ?? true)
        }
        try log.forEachRawBackward(in: transaction) { sequence, bytes in
            guard let head = EventCodec.peekEnvelope(bytes) else {
                _ = try EventLog.decode(bytes, sequence: sequence) // names the damage
                return true
            }
            guard head.board == board else { return true }
            if let card = EventCodec.peekCard(bytes) {
                guard wanted(card) else { return true }
            } else if !(EventKind(rawValue: head.kind)?.isCompound ?? true) {
                return true // a board or column event
            }
            for deleted in DeletedCard.deletions(in: try EventLog.decode(bytes, sequence: sequence)) where wanted(deleted.card.id) {
                seen.insert(deleted.card.id)
                if let before, sequence >= before { continue }
                found.append(deleted)
                if let limit, found.count >= limit { return false }
            }
            return true
        }
        return found
    }
}
