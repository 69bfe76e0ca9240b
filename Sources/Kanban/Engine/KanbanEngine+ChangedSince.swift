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
        try log.forEachRaw(after: since, in: transaction) { sequence, bytes in
            let peeked = EventCodec.peekCard(bytes)
            guard peeked == card || (peeked == nil && (EventCodec.peekKind(bytes)?.isCompound ?? true)) else { return true }
            let event = try EventLog.decode(bytes, sequence: sequence)
            guard event.actor != actor, event.payload.card == card else { return true }
            switch event.payload.effect {
            case .cardMoved(let moved):
                throw KanbanError.changedSince(title: moved.title, actor: event.actor, sequence: sequence, change: "moved")
            case .cardRevived(let revived):
                throw KanbanError.changedSince(title: revived.card.title, actor: event.actor, sequence: sequence, change: "brought back")
            case .cardEdited(let edited) where !isMove:
                throw KanbanError.changedSince(title: edited.title, actor: event.actor, sequence: sequence, change: "edited")
            default:
                return true
            }
        }
    }
}
