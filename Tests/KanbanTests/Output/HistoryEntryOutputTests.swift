import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// `kanban history --json`.
struct HistoryEntryOutputTests {
    @Test("HistoryEntryOutput: {sequence, time, actor, kind, card, line, changes: {field: {old, new}}}, null for none")
    func cardEntry() throws {
        let entry = HistoryEntry(
            sequence: 4, timestamp: Sample.moment, actor: "ana", board: Sample.board, kind: .cardMoved, card: Sample.card,
            line: "Moved 'X' from TODO to DOING.",
            changes: [HistoryChange(field: "column", old: "TODO", new: "DOING"), HistoryChange(field: "due", old: nil, new: "2026-12-01")]
        )
        try expectJSON(HistoryEntryOutput(entry: entry), [
            "sequence": 4, "time": "2027-01-15T08:00:00Z", "actor": "ana", "kind": "cardMoved", "card": .string(Sample.text(4)),
            "line": "Moved 'X' from TODO to DOING.",
            "changes": ["column": ["old": "TODO", "new": "DOING"], "due": ["old": nil, "new": "2026-12-01"]],
        ])
    }

    @Test("A board event's entry has card null and may have no changes: an empty object")
    func boardEntry() throws {
        let entry = HistoryEntry(
            sequence: 1, timestamp: Sample.moment, actor: "kanban", board: Sample.board, kind: .boardCreated, card: nil,
            line: "Created board 'main'.", changes: []
        )
        try expectJSON(HistoryEntryOutput(entry: entry), [
            "sequence": 1, "time": "2027-01-15T08:00:00Z", "actor": "kanban", "kind": "boardCreated", "card": nil,
            "line": "Created board 'main'.", "changes": [:],
        ])
    }

    @Test("ChangeOutput: {old, new}; with an optional value, none is null")
    func change() throws {
        try expectJSON(ChangeOutput(old: "a", new: "b"), ["old": "a", "new": "b"])
        try expectJSON(ChangeOutput<String?>(old: nil, new: "b"), ["old": nil, "new": "b"])
    }
}
