/// The names columns had when they were removed, gathered from the events that removed them: a
/// column's removal, a board's, and those inside an undo, a redo or a restore. What a refusal,
/// a notice or a history line calls a column that is gone (the state keeps live columns only).
public struct RemovedColumnNames: Sendable, Equatable {
    private var names: [ColumnID: String] = [:]

    public init() {}

    /// The name `column` had when it was last removed, if these events removed it.
    public subscript(column: ColumnID) -> String? { names[column] }

    /// Notes the columns `payload` removes, by the names they had then (a later removal wins).
    public mutating func record(_ payload: EventPayload) {
        switch payload {
        case .columnRemoved(let removed): names[removed.column.id] = removed.column.name
        case .boardRemoved(let removed): for column in removed.columns { names[column.id] = column.name }
        case .undone(let undone): record(undone.compensation)
        case .redone(let redone): record(redone.effect)
        case .restored(let restored): for effect in restored.effects { record(effect) }
        default: break
        }
    }

    /// Whether an event of `kind` may remove columns (directly, or inside an undo, a redo or a
    /// restore), and so is worth decoding for their names.
    public static func mayRemoveColumns(kind: EventKind) -> Bool {
        kind == .columnRemoved || kind == .boardRemoved || kind.isCompound
    }

    /// The columns `payload` names a card's place by (where a card was added, moved from and to,
    /// deleted from), including inside an undo, a redo or a restore: the ones its wording and its
    /// undo look up by id.
    public static func columns(placingCardsIn payload: EventPayload) -> [ColumnID] {
        switch payload {
        case .cardAdded(let added): [added.card.column]
        case .cardMoved(let moved): [moved.from, moved.to]
        case .cardDeleted(let deleted): [deleted.card.column]
        case .undone(let undone): columns(placingCardsIn: undone.undid) + columns(placingCardsIn: undone.compensation)
        case .redone(let redone): columns(placingCardsIn: redone.redid) + columns(placingCardsIn: redone.effect)
        case .restored(let restored): restored.effects.flatMap { columns(placingCardsIn: $0) }
        default: []
        }
    }
}
