import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// ``BoardJSON`` with what cards and boards carry besides: the same bytes as the encoder.
struct BoardJSONDetailsTests {
    @Test("Assignees, labels, due done, checklist progress, comment and link counts, column limits, board labels and members")
    func details() throws {
        var full = CardDetails()
        full.assignees = ["지민", "Chloé \"C\""]
        full.labels = ["bug", "à faire"]
        full.dueDone = true
        full.checklist = [
            ChecklistItem(id: DetailID(Sample.identifier(7)), checklist: "Release", text: "a", done: true),
            ChecklistItem(id: DetailID(Sample.identifier(8)), checklist: "Release", text: "b"),
        ]
        full.comments = [Comment(id: DetailID(Sample.identifier(9)), author: "ana", text: "hi")]
        full.links = [CardLink(id: DetailID(Sample.identifier(10)), url: "https://example.com/a/b", name: "spec")]
        var labelOnly = CardDetails()
        labelOnly.labels = ["x"]
        var board = BoardDetails()
        board.members = ["ana", "bo\n"]
        board.labels = [BoardLabel(name: "bug", colour: "red"), BoardLabel(name: "à faire", colour: "sky")]
        board.limits = [Sample.todo: 3]
        let card = { (n: UInt64) in Card(id: CardID(Sample.identifier(n)), column: Sample.todo, key: OrderKey(integer: Int64(n)), title: "t\(n)") }
        let view = BoardView(id: Sample.board, name: "main", columns: [
            BoardView.ColumnView(id: Sample.todo, name: "TODO", cards: [
                BoardView.CardView(card: card(11), isOverdue: false),
                BoardView.CardView(card: card(12), isOverdue: true, details: full),
                BoardView.CardView(card: card(13), isOverdue: false, details: labelOnly),
            ], limit: 3),
            BoardView.ColumnView(id: Sample.done, name: "DONE", cards: []),
        ], details: board)
        try BoardJSONTests.expectSame(view, sequence: 9)
        try BoardJSONTests.expectSame(view, sequence: nil)
        let text = String(decoding: BoardJSON.encode(view: view), as: UTF8.self)
        #expect(text.contains(#""checklist":{"done":1,"total":2},"comments":1"#))
        #expect(text.contains(#""limit":3,"name":"TODO""#))
        #expect(text.contains(#""labels":[{"colour":"red","name":"bug"}"#))
        // A card without details keeps the shape it always had.
        #expect(text.contains(#"{"description":"","due":null,"id":"00000000-0000-0000-0000-00000000000b","overdue":false,"title":"t11"}"#))
    }
}
