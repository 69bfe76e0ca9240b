import KanbanCore

/// The JSON form of a history entry.
enum HistoryJSON {
    static func value(_ entry: HistoryEntry) -> JSONValue {
        .object([
            ("sequence", .unsigned(entry.sequence)),
            ("time", .string(entry.timestamp.description)),
            ("actor", .string(entry.actor)),
            ("kind", .string(entry.kind.name)),
            ("card", .optional(entry.card)),
            ("line", .string(entry.line)),
            ("changes", .object(entry.changes.map { change in
                (change.field, .object([("old", .optional(change.old)), ("new", .optional(change.new))]))
            })),
        ])
    }
}
