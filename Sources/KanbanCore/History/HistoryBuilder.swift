/// Folds the log into history entries: follows column names through renames (so a line
/// shows names as they were) and words each admitted event.
public struct HistoryBuilder {
    public let filter: HistoryFilter
    public let wording: ActionWording
    private var columnNames: [ColumnID: String] = [:]
    /// Entries admitted so far (only the last `filter.limit` are kept).
    public private(set) var entries: [HistoryEntry] = []

    public init(filter: HistoryFilter, language: HistoryLanguage) {
        self.filter = filter
        wording = ActionWording(language: language)
    }

    /// A builder that starts in the middle of the log, where the columns are named `columnNames`
    /// (found by walking back from the names now with ``nameBefore(_:in:)``).
    public init(filter: HistoryFilter, language: HistoryLanguage, columnNames: [ColumnID: String]) {
        self.init(filter: filter, language: language)
        self.columnNames = columnNames
    }

    /// Takes back `effect` (an event's ``KanbanCore/EventPayload/effect``) from `names`: the
    /// column names as they were just before it, for a walk from the log's end backwards.
    public static func nameBefore(_ effect: EventPayload, in names: inout [ColumnID: String]) {
        switch effect {
        case .boardCreated(let created): for column in created.columns { names[column.id] = column.name }
        case .boardRemoved(let removed): for column in removed.columns { names[column.id] = column.name }
        case .columnAdded(let added): names[added.column.id] = added.column.name
        case .columnRenamed(let renamed): names[renamed.column] = renamed.from
        case .columnRemoved(let removed): names[removed.column.id] = removed.column.name
        case .columnMoved(let moved): names[moved.column.id] = moved.column.name
        case .restored(let restored): for change in restored.effects.reversed() { nameBefore(change.effect, in: &names) }
        default: break
        }
    }

    /// Takes the next event of the log, in order.
    public mutating func consume(_ event: RecordedEvent) {
        guard let entry = next(event) else { return }
        entries.append(entry)
        // Trimmed now and then, not on every entry: once twice the limit (and some) are kept.
        // A limit near Int.max means no trimming; the arithmetic must not overflow on it.
        if let limit = filter.limit {
            let keep = max(limit, 0)
            if entries.count > keep, entries.count - keep > min(keep, Int.max - 64) + 64 {
                entries.removeFirst(entries.count - keep)
            }
        }
    }

    /// Takes the next event of the log, in order, and returns its entry when the filter admits
    /// it (the limit aside) without keeping it: for a history streamed out entry by entry.
    public mutating func next(_ event: RecordedEvent) -> HistoryEntry? {
        defer { follow(event.payload.effect) }
        guard filter.admits(event) else { return nil }
        let names = columnNames
        let line = wording.line(for: event.payload) { names[$0] ?? "?" }
        return HistoryEntry(
            sequence: event.sequence, timestamp: event.validTime, actor: event.actor, board: event.board,
            kind: event.payload.kind, card: event.payload.card, line: line,
            changes: HistoryBuilder.changes(in: event.payload.effect, columnNames: names),
            recorded: event.validTime == event.timestamp ? nil : event.timestamp
        )
    }

    /// Takes an event that is not to be shown, for what it tells about names (column renames).
    public mutating func track(_ event: RecordedEvent) {
        follow(event.payload.effect)
    }

    /// The entries to show: in log order, the most recent `limit` of them.
    public var result: [HistoryEntry] {
        guard let limit = filter.limit else { return entries }
        return Array(entries.suffix(max(limit, 0)))
    }

    private mutating func follow(_ effect: EventPayload) {
        switch effect {
        case .boardCreated(let created): for column in created.columns { columnNames[column.id] = column.name }
        case .columnAdded(let added): columnNames[added.column.id] = added.column.name
        case .columnRenamed(let renamed): columnNames[renamed.column] = renamed.to
        case .restored(let restored): for change in restored.effects { follow(change) }
        default: break
        }
    }

    static func changes(in effect: EventPayload, columnNames: [ColumnID: String]) -> [HistoryChange] {
        func name(_ id: ColumnID) -> String { columnNames[id] ?? id.description }
        switch effect {
        case .cardAdded(let added):
            return arrival(of: added.card, at: added.index, columnNames: columnNames)
        case .cardRevived(let revived):
            return arrival(of: revived.card, at: revived.index, columnNames: columnNames)
        case .cardDeleted(let deleted):
            return [
                HistoryChange(field: "title", old: deleted.card.title, new: nil),
                HistoryChange(field: "column", old: name(deleted.card.column), new: nil),
            ]
        case .cardMoved(let moved):
            var changes: [HistoryChange] = []
            if !moved.isReorder { changes.append(HistoryChange(field: "column", old: name(moved.from), new: name(moved.to))) }
            changes.append(HistoryChange(field: "position", old: String(moved.fromIndex), new: String(moved.toIndex)))
            return changes
        case .cardEdited(let edited):
            var changes: [HistoryChange] = []
            if let change = edited.titleChange { changes.append(HistoryChange(field: "title", old: change.old, new: change.new)) }
            if let change = edited.descriptionChange { changes.append(HistoryChange(field: "description", old: change.old, new: change.new)) }
            if let change = edited.dueChange {
                changes.append(HistoryChange(field: "due", old: change.old?.description, new: change.new?.description))
            }
            return changes
        case .boardCreated(let created): return [HistoryChange(field: "name", old: nil, new: created.name)]
        case .boardRenamed(let renamed): return [HistoryChange(field: "name", old: renamed.from, new: renamed.to)]
        case .boardRemoved(let removed): return [HistoryChange(field: "name", old: removed.name, new: nil)]
        case .columnAdded(let added): return [HistoryChange(field: "name", old: nil, new: added.column.name)]
        case .columnRenamed(let renamed): return [HistoryChange(field: "name", old: renamed.from, new: renamed.to)]
        case .columnRemoved(let removed): return [HistoryChange(field: "name", old: removed.column.name, new: nil)]
        case .columnMoved(let moved): return [HistoryChange(field: "position", old: String(moved.fromIndex), new: String(moved.toIndex))]
        case .restored(let restored): return [HistoryChange(field: "sequence", old: nil, new: String(restored.sequence))]
        case .cardDetail(let changed): return detailChanges(changed.edit)
        case .boardDetail(let changed): return boardDetailChanges(changed.edit)
        case .undone, .redone: return []
        }
    }

    /// The fields of a card that comes onto the board (added or brought back), landing at `index`.
    private static func arrival(of card: Card, at index: Int, columnNames: [ColumnID: String]) -> [HistoryChange] {
        var changes = [
            HistoryChange(field: "title", old: nil, new: card.title),
            HistoryChange(field: "column", old: nil, new: columnNames[card.column] ?? card.column.description),
            HistoryChange(field: "position", old: nil, new: String(index)),
        ]
        if !card.description.isEmpty { changes.append(HistoryChange(field: "description", old: nil, new: card.description)) }
        if let due = card.due { changes.append(HistoryChange(field: "due", old: nil, new: due.description)) }
        return changes
    }
}
