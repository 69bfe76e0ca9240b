import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Throws ``KanbanCore/KanbanError/changedSince(title:actor:sequence:change:)`` when the move
    /// or delete `events` decide would overwrite what someone other than `actor` did to the same
    /// card after event `since`: a move, after their move (or bringing it back); a delete, after
    /// any change of theirs to the card. The conflict rule of undo, for changes made on an
    /// older copy of the board (offline). Edits are checked field by field
    /// (``checkUnchanged(_:since:actor:in:)``); other events are not checked.
    func checkNotChangedByOthers(_ events: [BoardEvent], since: UInt64, actor: String, in transaction: some Transaction) throws {
        let (card, isMove): (CardID, Bool)
        switch events.last?.payload {
        case .cardMoved(let moved)?: (card, isMove) = (moved.card, true)
        case .cardDeleted(let deleted)?: (card, isMove) = (deleted.card.id, false)
        default: return
        }
        try forEachEvent(concerning: card, after: since, in: transaction) { sequence, event in
            guard event.actor != actor else { return }
            switch event.payload.effect {
            case .cardMoved(let moved):
                throw KanbanError.changedSince(title: moved.title, actor: event.actor, sequence: sequence, change: "moved")
            case .cardRevived(let revived):
                throw KanbanError.changedSince(title: revived.card.title, actor: event.actor, sequence: sequence, change: "brought back")
            case .cardEdited(let edited) where !isMove:
                throw KanbanError.changedSince(title: edited.title, actor: event.actor, sequence: sequence, change: "edited")
            default:
                return
            }
        }
    }

    /// Calls `body` with each event after `since` that concerns `card` — its own events, and
    /// undos and redos of them — oldest first: those the history index lists for the card, then
    /// those after the index's extent. So a conflict check reads the card's events, not the log
    /// since `since`.
    func forEachEvent(
        concerning card: CardID,
        after since: UInt64,
        in transaction: some Transaction,
        _ body: (UInt64, RecordedEvent) throws -> Void
    ) throws {
        let extent = try historyIndex.extent(in: transaction)
        let indexed = try historyIndex.events(concerning: card, in: transaction).lazy.map(\.sequence).filter { $0 > since && $0 <= extent }
        try log.forEachRaw(at: Array(indexed), in: transaction) { sequence, bytes in
            try body(sequence, try EventLog.decode(bytes, sequence: sequence))
            return true
        }
        try log.forEachRaw(after: max(since, extent), in: transaction) { sequence, bytes in
            guard EventCodec.peekCard(bytes) == card else { return true }
            try body(sequence, try EventLog.decode(bytes, sequence: sequence))
            return true
        }
    }
}
