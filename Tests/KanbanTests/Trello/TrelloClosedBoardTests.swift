import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// A closed (archived) Trello board: our boards have no such state, so it comes in open with its
/// whole history, its closings and reopenings imported as what they are here (nothing on the
/// board changes), and the report says the Trello board is closed.
struct TrelloClosedBoardTests {
    typealias Export = TrelloDetailsTests
    static let board = "5c0000000000000000000000"
    static let list = "700000000000000000000031"
    static let card = "600000000000000000000071"

    static func closing(_ minute: Int, _ closed: Bool) -> [String: Any] {
        Export.action(minute, "updateBoard", by: "ana", ["board": ["id": board, "name": "Closed", "closed": closed], "old": ["closed": !closed]])
    }

    static func export(closed: Bool) throws -> Data {
        let actions: [[String: Any]] = [
            Export.action(1, "createCard", by: "ana", ["card": Export.card(card, "Task"), "list": ["id": list, "name": "To do"]]),
            closing(2, true),
            closing(3, false),
            Export.action(4, "commentCard", by: "bob", ["card": Export.card(card, "Task"), "text": "after the reopening"]),
        ] + (closed ? [closing(5, true)] : [])
        let export: [String: Any] = [
            "id": board, "name": "Closed", "closed": closed,
            "lists": [["id": list, "name": "To do", "pos": 1]],
            "cards": [["id": card, "name": "Task", "idList": list, "pos": 1]],
            "members": [Export.people["ana"] ?? [:], Export.people["bob"] ?? [:]],
            "actions": Array(actions.reversed()),
        ]
        return try JSONSerialization.data(withJSONObject: export)
    }

    @Test("A closed Trello board imports open, whole; its closings are imported, and the report says it is closed")
    func closedBoard() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let data = try Self.export(closed: true)
        let report = try fixture.engine.importer.trello(data)
        #expect(report.closed)
        #expect(report.notImported.isEmpty && report.nothingToImport.isEmpty)
        #expect(report.importedActions == 5 && report.actions == 5)

        let view = try fixture.engine.boardView(named: "Closed")
        let task = try #require(view.columns.first?.cards.first?.card)
        #expect(task.title == "Task")
        #expect(try fixture.engine.cardDetail(board: "Closed", card: task.id.description).details.comments.map(\.text) == ["after the reopening"])
        #expect(try fixture.engine.importer.trello(data).alreadyImported)
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("A board closed and reopened in Trello is reported open")
    func reopenedBoard() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.export(closed: false))
        #expect(!report.closed)
        #expect(report.notImported.isEmpty && report.importedActions == 4)
    }
}
