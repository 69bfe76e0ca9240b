import KanbanCore

/// One line of text per event, for `kanban log`: sequence, time, actor, kind and what changed.
/// Column names are followed through the log, as they were when the event happened.
struct EventLine {
    private var columnNames: [ColumnID: String]
    /// Words for the changes to cards' and boards' details, as history has them.
    private let wording = ActionWording(language: .english)

    /// Starts with the column names known so far (empty when reading the log from its start).
    init(columnNames: [ColumnID: String] = [:]) {
        self.columnNames = columnNames
    }

    mutating func line(for event: RecordedEvent) -> String {
        let head = "#\(event.sequence) \(event.timestamp) \(event.actor) \(event.payload.kind.name)"
        let happened = event.happenedAt.map { " (happened \($0))" } ?? ""
        return head + " " + detail(event.payload) + happened
    }

    private mutating func detail(_ payload: EventPayload) -> String {
        switch payload {
        case .boardCreated(let created):
            for column in created.columns { columnNames[column.id] = column.name }
            return "'\(created.name)' with \(created.columns.map(\.name).joined(separator: ", "))"
        case .boardRenamed(let renamed):
            return "'\(renamed.from)' to '\(renamed.to)'"
        case .boardRemoved(let removed):
            return "'\(removed.name)'"
        case .columnAdded(let added):
            columnNames[added.column.id] = added.column.name
            return "'\(added.column.name)' at \(added.index)"
        case .columnRenamed(let renamed):
            columnNames[renamed.column] = renamed.to
            return "'\(renamed.from)' to '\(renamed.to)'"
        case .columnRemoved(let removed):
            return "'\(removed.column.name)'"
        case .columnMoved(let moved):
            return "'\(moved.column.name)' from \(moved.fromIndex) to \(moved.toIndex)"
        case .cardAdded(let added):
            return "\(added.card.id) '\(added.card.title)' to \(name(added.card.column)) at \(added.index)"
        case .cardEdited(let edited):
            var fields: [String] = []
            if let change = edited.titleChange { fields.append("title '\(change.old)' → '\(change.new)'") }
            if edited.descriptionChange != nil { fields.append("description") }
            if let change = edited.dueChange {
                fields.append("due \(change.old.map(\.description) ?? "none") → \(change.new.map(\.description) ?? "none")")
            }
            return "\(edited.card) '\(edited.title)': \(fields.joined(separator: ", "))"
        case .cardMoved(let moved):
            return "\(moved.card) '\(moved.title)' \(name(moved.from))[\(moved.fromIndex)] → \(name(moved.to))[\(moved.toIndex)]"
        case .cardDeleted(let deleted):
            return "\(deleted.card.id) '\(deleted.card.title)' from \(name(deleted.card.column))"
        case .cardRevived(let revived):
            return "\(revived.card.id) '\(revived.card.title)' to \(name(revived.card.column)) at \(revived.index)"
        case .cardDetail(let changed):
            return "\(changed.card) " + wording.line(for: payload, columnName: { name($0) })
        case .boardDetail:
            return wording.line(for: payload, columnName: { name($0) })
        case .undone(let undone):
            return "#\(undone.target) by \(undone.compensation.kind.name) " + detail(undone.compensation)
        case .redone(let redone):
            return "#\(redone.target) by \(redone.effect.kind.name) " + detail(redone.effect)
        case .restored(let restored):
            let changes = restored.effects.map { "\($0.kind.name) " + detail($0) }
            return "to #\(restored.sequence) (\(restored.timestamp)): " + changes.joined(separator: "; ")
        }
    }

    private func name(_ column: ColumnID) -> String { columnNames[column] ?? column.description }
}
