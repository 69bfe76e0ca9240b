import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// A card as it was at a moment: its column, texts and every detail of then, as `board --at`
/// shows the board; a card not on the board then is unknown.
struct CardAtTests {
    @Test("A card at a sequence carries the column, title, checklist, comments, labels and assignees it had then")
    func cardAtSequence() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let card = try fixture.add("Plan, 계획")
        let id = card.description
        _ = try engine.execute(.addChecklistItem(board: "main", card: id, text: "- draft"), actor: "ana")
        _ = try engine.execute(.addComment(board: "main", card: id, text: "**first** note"), actor: "ana")
        _ = try engine.execute(.assign(board: "main", card: id, person: "Zoé"), actor: "ana")
        let then = try engine.lastSequence()
        _ = try engine.execute(.moveCard(board: "main", card: id, column: "DOING"), actor: "bob")
        _ = try engine.execute(.editCard(board: "main", card: id, title: "Plan v2"), actor: "bob")
        _ = try engine.execute(.addComment(board: "main", card: id, text: "later"), actor: "bob")
        _ = try engine.execute(.unassign(board: "main", card: id, person: "Zoé"), actor: "bob")
        _ = try engine.execute(.label(board: "main", card: id, label: "bug"), actor: "bob")

        let past = try engine.timeTravel.cardDetail(board: "main", card: String(id.prefix(8)), at: .sequence(then))
        #expect(past.card.title == "Plan, 계획")
        #expect(past.column == "TODO")
        #expect(past.details.checklist.map(\.text) == ["- draft"])
        #expect(past.details.comments.map(\.text) == ["**first** note"])
        #expect(past.details.assignees == ["Zoé"])
        #expect(past.details.labels.isEmpty)

        let now = try engine.cardDetail(board: "main", card: id)
        #expect(now.card.title == "Plan v2" && now.column == "DOING")
        #expect(now.details.comments.count == 2 && now.details.assignees.isEmpty && now.details.labels == ["bug"])
        // At the last event, the card is as it is now.
        #expect(try engine.timeTravel.cardDetail(board: "main", card: id, at: .sequence(try engine.lastSequence())) == now)

        // Before it was added, and after it was deleted, it is not on the board.
        #expect(throws: KanbanError.unknownCard(id)) { try engine.timeTravel.cardDetail(board: "main", card: id, at: .sequence(1)) }
        _ = try engine.execute(.deleteCard(board: "main", card: id), actor: "ana")
        #expect(throws: KanbanError.unknownCard(id)) { try engine.timeTravel.cardDetail(board: "main", card: id, at: .sequence(try engine.lastSequence())) }
        #expect(try engine.timeTravel.cardDetail(board: "main", card: id, at: .sequence(then)).card.title == "Plan, 계획")
        // Outside the log: refused.
        #expect(throws: KanbanError.self) { try engine.timeTravel.cardDetail(board: "main", card: id, at: .sequence(10_000)) }
    }
}
