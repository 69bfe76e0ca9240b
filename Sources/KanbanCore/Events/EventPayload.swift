/// What happened: every fact the log can hold, in the past tense.
public enum EventPayload: Hashable, Sendable {
    case boardCreated(BoardCreated)
    case boardRenamed(BoardRenamed)
    case boardRemoved(BoardRemoved)
    case columnAdded(ColumnAdded)
    case columnRenamed(ColumnRenamed)
    case columnRemoved(ColumnRemoved)
    case columnMoved(ColumnMoved)
    case cardAdded(CardAdded)
    case cardEdited(CardEdited)
    case cardMoved(CardMoved)
    case cardDeleted(CardDeleted)
    case cardRevived(CardRevived)
    case cardDetail(CardDetailChanged)
    case boardDetail(BoardDetailChanged)
    indirect case undone(Undone)
    indirect case redone(Redone)
    indirect case restored(Restored)

    /// The event's kind as the JSON form and the CLI name it.
    public var kind: EventKind {
        switch self {
        case .boardCreated: .boardCreated
        case .boardRenamed: .boardRenamed
        case .boardRemoved: .boardRemoved
        case .columnAdded: .columnAdded
        case .columnRenamed: .columnRenamed
        case .columnRemoved: .columnRemoved
        case .columnMoved: .columnMoved
        case .cardAdded: .cardAdded
        case .cardEdited: .cardEdited
        case .cardMoved: .cardMoved
        case .cardDeleted: .cardDeleted
        case .cardRevived: .cardRevived
        case .cardDetail(let changed): changed.edit.kind
        case .boardDetail(let changed): changed.edit.kind
        case .undone: .undone
        case .redone: .redone
        case .restored: .restored
        }
    }
}

extension EventPayload {
    /// The payload that changes the board: a compensation or a redo's effect, else itself.
    public var effect: EventPayload {
        switch self {
        case .undone(let undone): undone.compensation.effect
        case .redone(let redone): redone.effect.effect
        default: self
        }
    }

    /// The card this event concerns, if any.
    public var card: CardID? {
        switch effect {
        case .cardAdded(let added): added.card.id
        case .cardEdited(let edited): edited.card
        case .cardMoved(let moved): moved.card
        case .cardDeleted(let deleted): deleted.card.id
        case .cardRevived(let revived): revived.card.id
        case .cardDetail(let changed): changed.card
        default: nil
        }
    }
}
