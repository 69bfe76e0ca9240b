import KanbanCore

/// The JSON form of events, for `kanban log --json` and the output of commands.
enum EventJSON {
    static func array(_ events: [RecordedEvent]) -> JSONValue {
        .array(events.map(value))
    }

    static func value(_ event: RecordedEvent) -> JSONValue {
        .object([
            ("sequence", .unsigned(event.sequence)),
            ("timestamp", .string(event.timestamp.description)),
            ("actor", .string(event.actor)),
            ("id", .string(event.id.description)),
            ("board", .string(event.board.description)),
            ("kind", .string(event.payload.kind.name)),
            ("data", data(event.payload)),
        ])
    }

    static func data(_ payload: EventPayload) -> JSONValue {
        switch payload {
        case .boardCreated(let created):
            return .object([("name", .string(created.name)), ("columns", .array(created.columns.map(column)))])
        case .boardRenamed(let renamed):
            return .object([("from", .string(renamed.from)), ("to", .string(renamed.to))])
        case .boardRemoved(let removed):
            return .object([("name", .string(removed.name)), ("columns", .array(removed.columns.map(column)))])
        case .columnAdded(let added):
            return .object([("column", column(added.column)), ("index", .integer(Int64(added.index)))])
        case .columnRenamed(let renamed):
            return .object([("column", .string(renamed.column.description)), ("from", .string(renamed.from)), ("to", .string(renamed.to))])
        case .columnRemoved(let removed):
            return .object([("column", column(removed.column)), ("index", .integer(Int64(removed.index)))])
        case .cardAdded(let added):
            return .object([("card", card(added.card)), ("index", .integer(Int64(added.index)))])
        case .cardEdited(let edited):
            var members: [(String, JSONValue)] = [("card", .string(edited.card.description)), ("title", .string(edited.title))]
            var changes: [(String, JSONValue)] = []
            if let change = edited.titleChange { changes.append(("title", .object([("old", .string(change.old)), ("new", .string(change.new))]))) }
            if let change = edited.descriptionChange {
                changes.append(("description", .object([("old", .string(change.old)), ("new", .string(change.new))])))
            }
            if let change = edited.dueChange { changes.append(("due", .object([("old", .optional(change.old)), ("new", .optional(change.new))]))) }
            members.append(("changes", .object(changes)))
            return .object(members)
        case .cardMoved(let moved):
            return .object([
                ("card", .string(moved.card.description)), ("title", .string(moved.title)),
                ("from", .string(moved.from.description)), ("fromIndex", .integer(Int64(moved.fromIndex))),
                ("to", .string(moved.to.description)), ("toIndex", .integer(Int64(moved.toIndex))),
                ("key", .string(moved.key.description)),
            ])
        case .cardDeleted(let deleted):
            return .object([("card", card(deleted.card)), ("index", .integer(Int64(deleted.index)))])
        case .undone(let undone):
            return .object([
                ("target", .unsigned(undone.target)),
                ("undid", nested(undone.undid)),
                ("compensation", nested(undone.compensation)),
            ])
        case .redone(let redone):
            return .object([
                ("target", .unsigned(redone.target)),
                ("redid", nested(redone.redid)),
                ("effect", nested(redone.effect)),
            ])
        case .restored(let restored):
            return .object([
                ("sequence", .unsigned(restored.sequence)),
                ("timestamp", .string(restored.timestamp.description)),
                ("effects", .array(restored.effects.map(nested))),
            ])
        }
    }

    static func nested(_ payload: EventPayload) -> JSONValue {
        .object([("kind", .string(payload.kind.name)), ("data", data(payload))])
    }

    static func card(_ card: Card) -> JSONValue {
        .object([
            ("id", .string(card.id.description)), ("column", .string(card.column.description)),
            ("key", .string(card.key.description)), ("title", .string(card.title)),
            ("description", .string(card.description)), ("due", .optional(card.due)),
        ])
    }

    static func column(_ spec: ColumnSpec) -> JSONValue {
        .object([("id", .string(spec.id.description)), ("name", .string(spec.name))])
    }
}
