import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// Comments, due marks and labels given to a card while it is archived (deleted here) are on it
/// at their moments: kept by card id, seen in its history then, and on it when it is brought back.
struct TrelloArchivedCardDetailsTests {
    typealias Export = TrelloDetailsTests
    static let board = "5d0000000000000000000000"
    static let list = "700000000000000000000021"
    static let back = "600000000000000000000061", gone = "600000000000000000000062"
    static let bug = "710000000000000000000021"

    static var export: Data {
        get throws {
            let backCard = Export.card(back, "Comes back")
            let goneCard = Export.card(gone, "Stays archived")
            let actions: [[String: Any]] = [
                Export.action(1, "createCard", by: "ana", ["card": backCard, "list": ["id": list, "name": "To do"]]),
                Export.action(2, "createCard", by: "ana", ["card": goneCard, "list": ["id": list, "name": "To do"]]),
                Export.action(3, "updateCard", by: "ana", ["card": Export.card(back, "Comes back", ["closed": true]), "old": ["closed": false], "list": ["id": list]]),
                Export.action(4, "updateCard", by: "ana", ["card": Export.card(gone, "Stays archived", ["closed": true]), "old": ["closed": false], "list": ["id": list]]),
                Export.action(5, "commentCard", by: "cy", ["card": backCard, "text": "said while archived"]),
                Export.action(6, "updateCard", by: "bob", ["card": Export.card(back, "Comes back", ["dueComplete": true]), "old": ["dueComplete": false]]),
                Export.action(7, "commentCard", by: "bob", ["card": goneCard, "text": "nobody sees this yet"]),
                Export.action(8, "updateCard", by: "bob", ["card": Export.card(gone, "Stays archived", ["dueComplete": true]), "old": ["dueComplete": false]]),
                Export.action(9, "addLabelToCard", by: "bob", ["card": goneCard, "label": ["id": bug, "name": "Bug", "color": "red"]]),
                Export.action(10, "updateCard", by: "bob", ["card": Export.card(back, "Comes back", ["closed": false]), "old": ["closed": true], "list": ["id": list]]),
            ]
            let export: [String: Any] = [
                "id": board, "name": "Archive",
                "lists": [["id": list, "name": "To do", "pos": 1]],
                "cards": [
                    ["id": back, "name": "Comes back", "idList": list, "pos": 1, "due": "2022-04-01T00:00:00.000Z", "dueComplete": true],
                    ["id": gone, "name": "Stays archived", "idList": list, "pos": 2, "closed": true, "due": "2022-04-01T00:00:00.000Z",
                     "dueComplete": true, "idLabels": [bug]],
                ],
                "labels": [["id": bug, "name": "Bug", "color": "red"]],
                "members": [Export.people["ana"] ?? [:], Export.people["bob"] ?? [:], Export.people["cy"] ?? [:]],
                "actions": Array(actions.reversed()),
            ]
            return try JSONSerialization.data(withJSONObject: export)
        }
    }

    static func state(_ fixture: EngineFixture, at minute: Int) throws -> KanbanState {
        let reading = try fixture.engine.timeTravel.boardReading(named: "Archive", at: .moment(try Export.moment(minute)))
        return try fixture.engine.timeTravel.state(atSequence: reading.sequence).state
    }

    /// Our id of the card titled `title`, from the board at minute 2, when both are open.
    static func cardID(_ title: String, _ fixture: EngineFixture) throws -> CardID {
        try #require(try state(fixture, at: 2).cards.values.first { $0.title == title }?.id)
    }

    @Test("A comment, a due mark and a label given to an archived card are on it at their moments, and when it comes back")
    func detailsWhileArchived() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.export)
        #expect(report.notImported.isEmpty)
        #expect(report.importedActions == 10)
        let back = try Self.cardID("Comes back", fixture)
        let gone = try Self.cardID("Stays archived", fixture)

        // Archived at minute 3 (not on the board), commented at 5, marked done at 6.
        let atFive = try Self.state(fixture, at: 5)
        #expect(atFive.cards[back] == nil)
        #expect(Export.Shown(atFive.details(of: back)).comments == ["Cy Young: said while archived"])
        #expect(atFive.details(of: back).dueDone == false)
        #expect(try Self.state(fixture, at: 6).details(of: back).dueDone)
        // Brought back at 10 with both.
        let atTen = try Self.state(fixture, at: 10)
        #expect(atTen.cards[back] != nil)
        #expect(Export.Shown(atTen.details(of: back)) == Export.Shown(dueDone: true, comments: ["Cy Young: said while archived"]))

        // The card archived for good holds its details, by its id.
        #expect(Export.Shown(try Self.state(fixture, at: 7).details(of: gone)).comments == ["bob: nobody sees this yet"])
        #expect(try Self.state(fixture, at: 7).details(of: gone).dueDone == false)
        let now = try fixture.engine.withState { $0 }
        #expect(Export.Shown(now.details(of: gone)) == Export.Shown(labels: ["Bug"], dueDone: true, comments: ["bob: nobody sees this yet"]))

        // Its history says who did it, when.
        let history = try fixture.engine.history.entries(HistoryQuery(board: "Archive"))
        let comment = try #require(history.first { $0.kind == .commentAdded && $0.actor == "Cy Young" })
        #expect(comment.timestamp == (try Export.moment(5)))
        #expect(history.first { $0.kind == .dueMarked && $0.actor == "bob" }?.timestamp == (try Export.moment(6)))
        #expect(try fixture.engine.verify().firstDifference == nil)

        // Brought back here, it has them.
        _ = try fixture.engine.execute(.reviveCard(board: "Archive", card: gone.description), actor: "ana")
        let detail = try fixture.engine.cardDetail(board: "Archive", card: gone.description)
        #expect(Export.Shown(detail.details) == Export.Shown(labels: ["Bug"], dueDone: true, comments: ["bob: nobody sees this yet"]))
    }
}
