import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// A hand-built export with the board's own actions: made by `createBoard`, renamed twice, a list
/// created and never used, one archived and reopened, one moved here with its card and one moved
/// away with its card, an unused list archived; its settings and a plugin, which mean nothing
/// here. Each at its moment, by its member.
struct TrelloBoardAndListsTests {
    static let board = "600000000000000000000000"
    static let l1 = "600000000000000000000001", l2 = "600000000000000000000002", l3 = "600000000000000000000003"
    static let l4 = "600000000000000000000004", l5 = "600000000000000000000005"
    static let c1 = "620000000000000000000011", c2 = "600000000000000000000012", c3 = "620000000000000000000013"

    static func action(_ minute: Int, _ type: String, by member: String, _ data: [String: Any]) -> [String: Any] {
        var data = data
        if data["board"] == nil { data["board"] = ["id": board, "name": "Team board"] }
        return TrelloHardCasesTests.action(minute, minute, type, by: member, data)
    }

    static var export: Data {
        get throws {
            let actions: [[String: Any]] = [
                action(1, "createBoard", by: "ana", ["board": ["id": board, "name": "Draft board"]]),
                action(2, "createList", by: "ana", ["list": ["id": l1, "name": "To do"]]),
                action(3, "createList", by: "ana", ["list": ["id": l2, "name": "Unused"]]),
                action(4, "createCard", by: "bob", ["card": ["id": c1, "name": "First"], "list": ["id": l1, "name": "To do"]]),
                action(5, "updateBoard", by: "bob", ["board": ["id": board, "name": "Team board"], "old": ["name": "Draft board"]]),
                action(6, "createList", by: "ana", ["list": ["id": l3, "name": "Parked"]]),
                action(7, "updateList", by: "ana", ["list": ["id": l3, "name": "Parked", "closed": true], "old": ["closed": false]]),
                action(8, "updateList", by: "bob", ["list": ["id": l3, "name": "Parked", "closed": false], "old": ["closed": true]]),
                action(9, "moveListToBoard", by: "ana", ["list": ["id": l4, "name": "Brought"], "boardSource": ["id": "610000000000000000000000"]]),
                action(10, "createList", by: "ana", ["list": ["id": l5, "name": "Leaving"]]),
                action(11, "createCard", by: "bob", ["card": ["id": c3, "name": "Goes away"], "list": ["id": l5, "name": "Leaving"]]),
                action(12, "moveListFromBoard", by: "ana", ["list": ["id": l5, "name": "Leaving"], "boardTarget": ["id": "610000000000000000000000"]]),
                action(13, "updateList", by: "bob", ["list": ["id": l2, "name": "Unused", "closed": true], "old": ["closed": false]]),
                action(14, "updateBoard", by: "ana", ["board": ["id": board, "prefs": ["background": "blue"]], "old": ["prefs": ["background": "green"]]]),
                action(15, "enablePlugin", by: "ana", ["plugin": ["id": "p1", "name": "Calendar"]]),
                action(16, "updateBoard", by: "ana", ["board": ["id": board, "name": "Team board 2023"], "old": ["name": "Team board"]]),
            ]
            let export: [String: Any] = [
                "id": board, "name": "Team board 2023",
                "lists": [
                    ["id": l1, "name": "To do", "pos": 1, "closed": false],
                    ["id": l2, "name": "Unused", "pos": 2, "closed": true],
                    ["id": l3, "name": "Parked", "pos": 3, "closed": false],
                    ["id": l4, "name": "Brought", "pos": 4, "closed": false],
                ],
                "cards": [
                    ["id": c1, "name": "First", "desc": "", "idList": l1, "pos": 1, "closed": false],
                    ["id": c2, "name": "Came with its list", "desc": "", "idList": l4, "pos": 1, "closed": false, "idLabels": ["lb1"]],
                ],
                "labels": [["id": "lb1", "name": "Moved", "color": "purple"]],
                "actions": Array(actions.reversed()),
                "members": [["id": "m-ana", "username": "ana"], ["id": "m-bob", "username": "bob"]],
            ]
            return try JSONSerialization.data(withJSONObject: export)
        }
    }

    /// The board's name and its columns with their cards at `minute` (`nil`: now).
    static func board(_ fixture: EngineFixture, named name: String, at minute: Int?) throws -> [String] {
        let view = try minute.map {
            try fixture.engine.timeTravel.boardView(named: name, at: .moment(try TrelloHardCasesTests.moment($0)))
        } ?? fixture.engine.boardView(named: name)
        return [view.name] + view.columns.map { "\($0.name): " + $0.cards.map(\.card.title).joined(separator: ", ") }
    }

    @Test("Board renames, list creations, archives, reopenings and moves are replayed at their moments; settings are nothing to import")
    func boardAndLists() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.export)
        #expect(report.board == "Team board 2023" && report.columns == ["To do", "Parked", "Brought"])
        #expect(report.notImported.isEmpty, "\(report.notImported)")
        #expect(report.nothingToImport == ["updateBoard:prefs": 1, "enablePlugin": 1])
        #expect(report.importedActions == 14 && report.actions == 16 && report.rebuiltCards == 0)
        #expect(report.members == ["ana", "bob"])

        func at(_ minute: Int?) throws -> [String] { try Self.board(fixture, named: "Team board 2023", at: minute) }
        let before = Timestamp(millisecondsSinceEpoch: try TrelloHardCasesTests.moment(1).millisecondsSinceEpoch - 1)
        #expect(throws: KanbanError.self) { try fixture.engine.timeTravel.boardView(named: "Team board 2023", at: .moment(before)) }
        // Made by ana under its first name, with the first list it got.
        #expect(try at(1) == ["Draft board", "To do: "])
        #expect(try at(3) == ["Draft board", "To do: ", "Unused: "])
        #expect(try at(4) == ["Draft board", "To do: First", "Unused: "])
        #expect(try at(5) == ["Team board", "To do: First", "Unused: "])
        #expect(try at(6) == ["Team board", "To do: First", "Unused: ", "Parked: "])
        #expect(try at(7) == ["Team board", "To do: First", "Unused: "])
        #expect(try at(8) == ["Team board", "To do: First", "Unused: ", "Parked: "])
        #expect(try at(9) == ["Team board", "To do: First", "Unused: ", "Parked: ", "Brought: Came with its list"])
        #expect(try at(11) == ["Team board", "To do: First", "Unused: ", "Parked: ", "Brought: Came with its list", "Leaving: Goes away"])
        #expect(try at(12) == ["Team board", "To do: First", "Unused: ", "Parked: ", "Brought: Came with its list"])
        #expect(try at(13) == ["Team board", "To do: First", "Parked: ", "Brought: Came with its list"])
        #expect(try at(15) == ["Team board", "To do: First", "Parked: ", "Brought: Came with its list"])
        #expect(try at(nil) == ["Team board 2023", "To do: First", "Parked: ", "Brought: Came with its list"])

        // The card that came with its list carries its label.
        let brought = try #require(try fixture.engine.boardView(named: "Team board 2023").columns[2].cards.first?.card)
        #expect(try fixture.engine.cardDetail(board: "Team board 2023", card: brought.id.description).details.labels == ["Moved"])

        // Who did what, when.
        let history = try fixture.engine.history.entries(HistoryQuery(board: "Team board 2023"))
        func entries(_ kind: EventKind) -> [String] {
            history.filter { $0.kind == kind }.sorted { $0.sequence < $1.sequence }.map { "\($0.actor) \($0.timestamp)" }
        }
        #expect(entries(.boardCreated) == ["ana \(try TrelloHardCasesTests.moment(1))"])
        #expect(entries(.boardRenamed) == ["bob \(try TrelloHardCasesTests.moment(5))", "ana \(try TrelloHardCasesTests.moment(16))"])
        #expect(entries(.columnRemoved) == [
            "ana \(try TrelloHardCasesTests.moment(7))", "ana \(try TrelloHardCasesTests.moment(12))", "bob \(try TrelloHardCasesTests.moment(13))",
        ])
        #expect(entries(.columnAdded).count == 5)
        #expect(entries(.cardDeleted) == ["ana \(try TrelloHardCasesTests.moment(12))"])
        #expect(try fixture.engine.verify().firstDifference == nil)

        // Again: nothing appended.
        let count = try fixture.eventCount
        #expect(try fixture.engine.importer.trello(try Self.export).alreadyImported)
        #expect(try fixture.eventCount == count)
    }

    @Test("--board names the board where it has the Trello board's last name; its older names stay")
    func anotherName() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.export, board: "Ours")
        #expect(report.board == "Ours")
        #expect(try Self.board(fixture, named: "Ours", at: 1).first == "Draft board")
        #expect(try Self.board(fixture, named: "Ours", at: 5).first == "Team board")
        #expect(try Self.board(fixture, named: "Ours", at: nil).first == "Ours")
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("A list archived while cards are in it stays a column, listed; a board copied from a template is made by the copy")
    func archivedWithCards() throws {
        let actions: [[String: Any]] = [
            Self.action(1, "copyBoard", by: "ana", ["board": ["id": Self.board, "name": "Copy"], "boardSource": ["id": "610000000000000000000000"]]),
            Self.action(2, "addToOrganizationBoard", by: "ana", ["organization": ["id": "o1", "name": "Workspace"]]),
            Self.action(3, "updateList", by: "ana", ["list": ["id": Self.l2, "name": "Held", "closed": true], "old": ["closed": false]]),
        ]
        let export: [String: Any] = [
            "id": Self.board, "name": "Copy",
            "lists": [
                ["id": Self.l1, "name": "Open", "pos": 1, "closed": false],
                ["id": Self.l2, "name": "Held", "pos": 2, "closed": true],
            ],
            "cards": [["id": Self.c2, "name": "In the archived list", "idList": Self.l2, "pos": 1, "closed": false]],
            "actions": Array(actions.reversed()),
        ]
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try JSONSerialization.data(withJSONObject: export))
        #expect(report.columns == ["Open", "Held"])
        #expect(report.notImported == ["updateList (list holds cards)": 1])
        #expect(report.nothingToImport == ["addToOrganizationBoard": 1])
        #expect(report.importedActions == 1)
        let history = try fixture.engine.history.entries(HistoryQuery(board: "Copy"))
        let made = try #require(history.first { $0.kind == .boardCreated })
        let copied = try TrelloHardCasesTests.moment(1)
        #expect(made.actor == "ana" && made.timestamp == copied)
        #expect(try fixture.engine.verify().firstDifference == nil)
    }
}
