import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// `kanban diff --json`, from a real engine's diff.
struct DiffOutputTests {
    @Test("DiffOutput: {added, removed, moved, edited} from engine.diff")
    func diff() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let kept = try fixture.add("kept")
        let gone = try fixture.add("gone")
        let start = try fixture.engine.statistics().lastSequence
        let new = try fixture.add("new")
        try fixture.engine.execute(.moveCard(board: "main", card: kept.description, column: "DONE"), actor: "ana")
        try fixture.engine.execute(.editCard(board: "main", card: kept.description, title: "kept!", due: .set(Sample.day)), actor: "ana")
        try fixture.engine.execute(.deleteCard(board: "main", card: gone.description), actor: "ana")

        let output = DiffOutput(diff: try fixture.engine.timeTravel.diff(board: "main", from: .sequence(start)))
        try expectJSON(output, [
            "added": [["id": .string(new.description), "title": "new"]],
            "removed": [["id": .string(gone.description), "title": "gone"]],
            "moved": [[
                "id": .string(kept.description), "title": "kept!",
                "from": ["column": "TODO", "index": 0], "to": ["column": "DONE", "index": 0],
            ]],
            "edited": [["id": .string(kept.description), "title": "kept!", "fields": ["title", "due"]]],
        ])
    }

    @Test("DiffCardOutput, DiffMoveOutput, DiffPlaceOutput and DiffEditOutput alone")
    func parts() throws {
        try expectJSON(DiffCardOutput(card: Sample.fullCard), ["id": .string(Sample.text(4)), "title": "Ship \"it\"/now"])
        try expectJSON(DiffPlaceOutput(column: "DOING", index: 2), ["column": "DOING", "index": 2])
        try expectJSON(
            DiffMoveOutput(id: "c", title: "t", from: DiffPlaceOutput(column: "A", index: 0), to: DiffPlaceOutput(column: "B", index: 1)),
            ["id": "c", "title": "t", "from": ["column": "A", "index": 0], "to": ["column": "B", "index": 1]]
        )
        try expectJSON(DiffEditOutput(id: "c", title: "t", fields: ["description"]), ["id": "c", "title": "t", "fields": ["description"]])
    }
}
