import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// `kanban board --json`, `kanban boards --json` and `kanban columns --json`.
struct BoardOutputTests {
    static let view = BoardView(id: Sample.board, name: "main", columns: [
        BoardView.ColumnView(id: Sample.todo, name: "TODO", cards: [
            BoardView.CardView(card: Sample.fullCard, isOverdue: true),
            BoardView.CardView(card: Card(id: CardID(Sample.identifier(9)), column: Sample.todo, key: .middle, title: "No due"), isOverdue: false),
        ]),
        BoardView.ColumnView(id: Sample.done, name: "DONE", cards: []),
    ])

    @Test("BoardOutput: {board, columns: [{name, cards: [{id, title, description, due, overdue}]}]}, due null for none")
    func board() throws {
        try expectJSON(BoardOutput(view: Self.view), [
            "board": "main",
            "columns": [
                ["name": "TODO", "cards": [
                    ["id": .string(Sample.text(4)), "title": "Ship \"it\"/now", "description": "line one\nline two", "due": "2026-12-01", "overdue": true],
                    ["id": .string(Sample.text(9)), "title": "No due", "description": "", "due": nil, "overdue": false],
                ]],
                ["name": "DONE", "cards": []],
            ],
        ])
    }

    @Test("BoardColumnOutput: {name, cards}")
    func column() throws {
        try expectJSON(BoardColumnOutput(view: Self.view.columns[1]), ["name": "DONE", "cards": []])
    }

    @Test("BoardCardOutput: a due moment is ISO 8601 in UTC")
    func card() throws {
        var card = Sample.fullCard
        card.due = .moment(Sample.moment)
        try expectJSON(BoardCardOutput(view: BoardView.CardView(card: card, isOverdue: false)), [
            "id": .string(Sample.text(4)), "title": "Ship \"it\"/now", "description": "line one\nline two",
            "due": "2027-01-15T08:00:00Z", "overdue": false,
        ])
    }

    @Test("BoardSummaryOutput: {name, columns: [{name, cards, count}], cards}, cards the sum")
    func summary() throws {
        let summary = BoardSummaryOutput(name: "Side", columns: [ColumnSummaryOutput(name: "A", cards: 2), ColumnSummaryOutput(name: "B", cards: 3)])
        #expect(summary.cards == 5)
        try expectJSON(summary, ["name": "Side", "columns": [["name": "A", "cards": 2, "count": 2], ["name": "B", "cards": 3, "count": 3]], "cards": 5])
    }

    @Test("ColumnSummaryOutput: {name, cards, count} from a column of the board")
    func columnSummary() throws {
        try expectJSON(ColumnSummaryOutput(view: Self.view.columns[0]), ["name": "TODO", "cards": 2, "count": 2])
    }
}
