import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Throws ``KanbanCore/KanbanError/changedSince(title:actor:sequence:change:)`` when the move
    /// or delete `events` decide would overwrite what someone other than `actor` did to the same
    /// card after event `since`: a move to another column, after their move to another column (or
    /// bringing it back) — only a change of column clashes with a change of column, so a reorder
    /// within a column and a move elsewhere both stand; a delete, after any change of theirs to
    /// the card; a restore of the board by them counts by what it did to
    /// the card. The conflict rule of undo, for changes made on an
    /// older copy of the board (offline). Edits are checked field by field
    /// (``checkUnchanged(_:since:actor:in:)``); other events are not checked.
    func checkNotChangedByOthers(_ events: [BoardEvent], since: UInt64, actor: String, in transaction: some Transaction) throws {
        guard let last = events.last else { return }
        let (card, isMove): (CardID, Bool)
        switch last.payload {
        case .cardMoved(let moved):
            // A reorder within the card's column, as it stands now, changes no column: nothing of theirs is overwritten.
            guard moved.from != moved.to else { return }
            (card, isMove) = (moved.card, true)
        case .cardDeleted(let deleted): (card, isMove) = (deleted.card.id, false)
        default: return
        }
        try forEachEvent(concerning: card, on: last.board, after: since, in: transaction) { sequence, event, effects in
            guard event.actor != actor else { return }
            let change = if case .restored = event.payload.effect { " (restoring the board)" } else { "" }
            for effect in effects {
                switch effect {
                case .cardMoved(let moved) where !isMove || moved.from != moved.to:
                    throw KanbanError.changedSince(title: moved.title, actor: event.actor, sequence: sequence, change: "moved" + change)
                case .cardRevived(let revived):
                    throw KanbanError.changedSince(title: revived.card.title, actor: event.actor, sequence: sequence, change: "brought back" + change)
                case .cardAdded(let added):
                    throw KanbanError.changedSince(title: added.card.title, actor: event.actor, sequence: sequence, change: "brought back" + change)
                case .cardEdited(let edited) where !isMove:
                    throw KanbanError.changedSince(title: edited.title, actor: event.actor, sequence: sequence, change: "edited" + change)
                default:
                    continue
                }
            }
        }
    }

    /// Calls `body` with each event after `since` that concerns `card` on `board` — its own
    /// events, undos and redos of them, and restores of the board — oldest first, with the
    /// effects each had on the card (a restore's, among all it did). Reads what the history
    /// index lists for the card and the board's restores, then the events after the index's
    /// extent: a conflict check reads the card's events, not the log since `since`.
    func forEachEvent(
        concerning card: CardID,
        on board: BoardID,
        after since: UInt64,
        in transaction: some Transaction,
        _ body: (UInt64, RecordedEvent, [EventPayload]) throws -> Void
    ) throws {
        func visit(_ sequence: UInt64, _ bytes: UnsafeRawBufferPointer) throws {
            let event = try EventLog.decode(bytes, sequence: sequence)
            let effect = event.payload.effect
            let effects = if case .restored(let restored) = effect { restored.effects.map(\.effect) } else { [effect] }
            let own = effects.filter { $0.card == card }
            if !own.isEmpty { try body(sequence, event, own) }
        }
        let extent = try historyIndex.extent(in: transaction)
        let cardEvents = try historyIndex.events(concerning: card, after: since, in: transaction).map(\.sequence)
        // Restores are indexed with the board's other events that may rename columns.
        let boardEvents = try historyIndex.namingEvents(of: board, after: since, in: transaction)
        let indexed = Set((cardEvents + boardEvents).filter { $0 > since && $0 <= extent }).sorted()
        try log.forEachRaw(at: indexed, in: transaction) { sequence, bytes in
            try visit(sequence, bytes)
            return true
        }
        try log.forEachRaw(after: max(since, extent), in: transaction) { sequence, bytes in
            guard EventCodec.peekCard(bytes) == card || EventCodec.peekEffectKind(bytes) == .restored else { return true }
            try visit(sequence, bytes)
            return true
        }
    }
}
