/// What happened: every fact the log can hold, in the past tense.
public enum EventPayload: Hashable, Sendable {
    case boardCreated(BoardCreated)
    case boardRenamed(BoardRenamed)
    case boardRemoved(BoardRemoved)
    case columnAdded(ColumnAdded)
    case columnRenamed(ColumnRenamed)
    case columnRemoved(ColumnRemoved)
    case cardAdded(CardAdded)
    case cardEdited(CardEdited)
    case cardMoved(CardMoved)
    case cardDeleted(CardDeleted)

    /// The event's kind as the JSON form and the CLI name it.
    public var kind: EventKind {
        switch self {
        case .boardCreated: .boardCreated
        case .boardRenamed: .boardRenamed
        case .boardRemoved: .boardRemoved
        case .columnAdded: .columnAdded
        case .columnRenamed: .columnRenamed
        case .columnRemoved: .columnRemoved
        case .cardAdded: .cardAdded
        case .cardEdited: .cardEdited
        case .cardMoved: .cardMoved
        case .cardDeleted: .cardDeleted
        }
    }
}
