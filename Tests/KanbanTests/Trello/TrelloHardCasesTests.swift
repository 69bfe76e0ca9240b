import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// A hand-built export with the cases the issue names: a card older than the kept actions moved
/// inside them, a card archived and brought back, a list renamed mid-history, a description over
/// 1,000 characters; and undo by the imported members under the usual rule.
struct TrelloHardCasesTests {
    static let l1 = "600000000000000000000001", l2 = "600000000000000000000002", l3 = "600000000000000000000003"
    static let c1 = "600000000000000000000011", c2 = "600000000000000000000012"
    static let c3 = "620000000000000000000013", c4 = "620000000000000000000014"
    static let long = String(repeating: "긴 설명 ", count: 300) // 1,500 characters

    /// Minute `n` of 2022-03-01 (UTC).
    static func time(_ minute: Int) -> String {
        "2022-03-01T10:\(minute < 10 ? "0" : "")\(minute):00.000Z"
    }

    static func moment(_ minute: Int) throws -> Timestamp {
        try Due(parsing: time(minute)).start
    }

    static func action(_ id: Int, _ minute: Int, _ type: String, by member: String, _ data: [String: Any]) -> [String: Any] {
        ["id": String(format: "62000000000000000000%04d", id), "type": type, "date": time(minute),
         "idMemberCreator": "m-\(member)", "memberCreator": ["username": member, "fullName": member.uppercased()], "data": data]
    }

    static var export: Data {
        get throws {
            let actions: [[String: Any]] = [
                action(1, 1, "createCard", by: "ana", ["card": ["id": c3, "name": "Long"], "list": ["id": l3, "name": "Done"]]),
                action(2, 2, "updateCard", by: "ana", ["card": ["id": c1, "name": "Old card", "idList": l2], "old": ["idList": l1],
                                                       "listBefore": ["id": l1, "name": "To do"], "listAfter": ["id": l2, "name": "In progress"]]),
                action(3, 3, "updateCard", by: "bob", ["card": ["id": c2, "name": "Archived and back", "closed": true], "old": ["closed": false], "list": ["id": l1]]),
                action(4, 4, "updateList", by: "ana", ["list": ["id": l2, "name": "Doing"], "old": ["name": "In progress"]]),
                action(5, 5, "updateCard", by: "bob", ["card": ["id": c3, "name": "Long", "desc": long], "old": ["desc": ""], "list": ["id": l3]]),
                action(6, 6, "createCard", by: "ana", ["card": ["id": c4, "name": "Named by ana"], "list": ["id": l1, "name": "To do"]]),
                action(7, 7, "updateCard", by: "bob", ["card": ["id": c4, "name": "Renamed by bob"], "old": ["name": "Named by ana"], "list": ["id": l1]]),
                action(8, 8, "updateCard", by: "ana", ["card": ["id": c2, "name": "Archived and back", "closed": false], "old": ["closed": true], "list": ["id": l1]]),
                action(9, 9, "commentCard", by: "bob", ["text": "looks good", "card": ["id": c4]]),
            ]
            let board: [String: Any] = [
                "id": "600000000000000000000000", "name": "Hard cases",
                "lists": [
                    ["id": l1, "name": "To do", "pos": 1, "closed": false],
                    ["id": l2, "name": "Doing", "pos": 2, "closed": false],
                    ["id": l3, "name": "Done", "pos": 3, "closed": false],
                ],
                "cards": [
                    ["id": c1, "name": "Old card", "desc": "", "idList": l2, "pos": 1, "closed": false, "due": "2022-04-01T09:00:00.000Z"],
                    ["id": c2, "name": "Archived and back", "desc": "", "idList": l1, "pos": 2, "closed": false],
                    ["id": c3, "name": "Long", "desc": long, "idList": l3, "pos": 1, "closed": false],
                    ["id": c4, "name": "Renamed by bob", "desc": "", "idList": l1, "pos": 5, "closed": false],
                ],
                "actions": Array(actions.reversed()),
                "members": [["id": "m-ana", "username": "ana"], ["id": "m-bob", "username": "bob"]],
            ]
            return try JSONSerialization.data(withJSONObject: board)
        }
    }

    func titles(_ view: BoardView) -> [String] {
        view.columns.map { "\($0.name): " + $0.cards.map(\.card.title).joined(separator: ", ") }
    }

    @Test("The board at each action's moment is Trello's then; the cut is listed; verify passes")
    func timeline() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.export)
        #expect(report.cuts == [TrelloCut(field: "description", trello: Self.c3, text: String(Self.long.prefix(999)) + "…", length: 1500)])
        #expect(report.notImported.isEmpty && report.importedActions == 9 && report.rebuiltCards == 2)
        #expect(report.members == ["ana", "bob"])
        func at(_ minute: Int, _ offset: Int64 = 0) throws -> [String] {
            let moment = Timestamp(millisecondsSinceEpoch: try Self.moment(minute).millisecondsSinceEpoch + offset)
            return titles(try fixture.engine.timeTravel.boardView(named: "Hard cases", at: .moment(moment)))
        }
        #expect(try at(1, -1) == ["To do: Old card, Archived and back", "In progress: ", "Done: "])
        #expect(try at(2) == ["To do: Archived and back", "In progress: Old card", "Done: Long"])
        #expect(try at(3) == ["To do: ", "In progress: Old card", "Done: Long"])
        #expect(try at(4) == ["To do: ", "Doing: Old card", "Done: Long"])
        #expect(try at(7) == ["To do: Renamed by bob", "Doing: Old card", "Done: Long"])
        #expect(try at(8) == ["To do: Archived and back, Renamed by bob", "Doing: Old card", "Done: Long"])
        let now = try fixture.engine.boardView(named: "Hard cases")
        #expect(titles(now) == ["To do: Archived and back, Renamed by bob", "Doing: Old card", "Done: Long"])
        #expect(now.columns[1].cards[0].card.due == .moment(try Due(parsing: "2022-04-01T09:00:00Z").start))
        #expect(now.columns[2].cards[0].card.description == String(Self.long.prefix(999)) + "…")
        // The archived card came back with its id: one card, deleted and revived.
        let history = try fixture.engine.history.entries(HistoryQuery(board: "Hard cases"))
        #expect(history.filter { $0.kind == .cardRevived }.count == 1)
        #expect(history.first { $0.kind == .cardRevived }?.actor == "ana")
        // Diff between two Trello moments.
        let diff = try fixture.engine.timeTravel.diff(board: "Hard cases", from: .moment(try Self.moment(1)), to: .moment(try Self.moment(4)))
        #expect(diff.added.isEmpty && diff.removed.map(\.title) == ["Archived and back"])
        #expect(diff.moved.map(\.card.title) == ["Old card"] && diff.moved.first?.toColumn == "Doing")
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("Undo by an imported member follows the usual rule: refused when someone else changed the card since, else applied")
    func undoByMember() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        _ = try fixture.engine.importer.trello(try Self.export)
        // ana's last action brought the archived card back: undo archives it again.
        try fixture.engine.undo(actor: "ana")
        #expect(titles(try fixture.engine.boardView(named: "Hard cases"))[0] == "To do: Renamed by bob")
        // ana's one before added the card bob renamed since: refused, nothing appended.
        let count = try fixture.eventCount
        #expect(throws: KanbanError.self) { try fixture.engine.undo(actor: "ana") }
        #expect(try fixture.eventCount == count)
        // bob's last action is his comment; then his rename undoes.
        try fixture.engine.undo(actor: "bob")
        let card = try #require(try fixture.engine.boardView(named: "Hard cases").columns[0].cards.first { $0.card.title == "Renamed by bob" }?.card)
        #expect(try fixture.engine.cardDetail(board: "Hard cases", card: card.id.description).details.comments.isEmpty)
        try fixture.engine.undo(actor: "bob")
        #expect(titles(try fixture.engine.boardView(named: "Hard cases"))[0] == "To do: Named by ana")
        #expect(try fixture.engine.verify().firstDifference == nil)
    }
}
