import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// Older exports keep labels elsewhere than a top-level `labels` list: in each card's `labels`
/// (label objects, with or without ids), in the board's `labelNames` (colour → name) and in
/// the actions' `data.label`. Every label of every card is on the imported card, and on the board.
struct TrelloLabelSourcesTests {
    typealias Export = TrelloDetailsTests
    static let board = "5e0000000000000000000000"
    static let list = "700000000000000000000011"
    static let ready = "710000000000000000000011", urgent = "710000000000000000000012", waiting = "710000000000000000000013"
    static let later = "710000000000000000000014"
    static let c1 = "600000000000000000000051", c2 = "600000000000000000000052", c3 = "600000000000000000000053"

    static func label(_ id: String?, _ name: String, _ color: String) -> [String: Any] {
        var label: [String: Any] = ["name": name, "color": color]
        if let id { label["id"] = id }
        return label
    }

    /// An export with no top-level `labels`: cards carry label objects with ids (one card
    /// without `idLabels`), `labelNames` names the colours, an action brings a label no card has
    /// at the end.
    static var withIDs: Data {
        get throws {
            let actions: [[String: Any]] = [
                Export.action(1, "addLabelToCard", by: "ana", ["card": Export.card(c1, "First"), "label": label(urgent, "", "red")]),
                Export.action(2, "addLabelToCard", by: "bob", ["card": Export.card(c2, "Second"), "label": label(later, "Later", "purple")]),
                Export.action(3, "removeLabelFromCard", by: "bob", ["card": Export.card(c2, "Second"), "label": label(later, "Later", "purple")]),
            ]
            let export: [String: Any] = [
                "id": board, "name": "Old labels",
                "labelNames": ["green": "Ready", "red": "", "yellow": "Waiting", "orange": "Someday", "blue": ""],
                "lists": [["id": list, "name": "To do", "pos": 1]],
                "cards": [
                    ["id": c1, "name": "First", "idList": list, "pos": 1, "idLabels": [ready, urgent],
                     "labels": [label(ready, "Ready", "green"), label(urgent, "", "red")]],
                    ["id": c2, "name": "Second", "idList": list, "pos": 2, "labels": [label(waiting, "Waiting", "yellow")]],
                    ["id": c3, "name": "Third", "idList": list, "pos": 3, "idLabels": [ready], "labels": [label(ready, "Ready", "green")]],
                ],
                "members": [Export.people["ana"] ?? [:], Export.people["bob"] ?? [:]],
                "actions": Array(actions.reversed()),
            ]
            return try JSONSerialization.data(withJSONObject: export)
        }
    }

    /// An export as Trello made them before labels had ids: label objects of colour and name
    /// only, no `idLabels`, no top-level `labels`, and `labelNames`.
    static var withoutIDs: Data {
        get throws {
            let export: [String: Any] = [
                "id": board, "name": "Colour labels",
                "labelNames": ["green": "Ready", "yellow": "", "orange": "", "red": "Blocked", "purple": "", "blue": ""],
                "lists": [["id": list, "name": "To do", "pos": 1]],
                "cards": [
                    ["id": c1, "name": "First", "idList": list, "pos": 1, "labels": [label(nil, "Ready", "green"), label(nil, "", "yellow")]],
                    ["id": c2, "name": "Second", "idList": list, "pos": 2, "labels": [label(nil, "Blocked", "red")]],
                ],
                "actions": [[String: Any]](),
            ]
            return try JSONSerialization.data(withJSONObject: export)
        }
    }

    static func labels(of title: String, in state: KanbanState) throws -> [String] {
        let card = try #require(state.cards.values.first { $0.title == title })
        return state.details(of: card.id).labels
    }

    static func boardLabels(_ name: String, in state: KanbanState) throws -> [String] {
        let board = try #require(state.board(named: name))
        return state.details(ofBoard: board.id).labels.map { "\($0.name) \($0.colour)" }
    }

    @Test("An export without top-level labels keeps every label of every open card, and the board's")
    func labelsFromCardsAndLabelNames() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.withIDs)
        #expect(report.notImported.isEmpty)
        #expect(report.importedActions == 3)

        let now = try fixture.engine.withState { $0 }
        #expect(try Self.labels(of: "First", in: now) == ["Ready", "red"])
        #expect(try Self.labels(of: "Second", in: now) == ["Waiting"])
        #expect(try Self.labels(of: "Third", in: now) == ["Ready"])
        // A label without a name is named after its colour, as Trello shows it; a colour named
        // in `labelNames` is a label; a label an action names is made when first used.
        #expect(try Self.boardLabels("Old labels", in: now) == ["Later purple", "Ready green", "Someday orange", "Waiting yellow", "red red"])

        // At each action's moment.
        let reading = try fixture.engine.timeTravel.boardReading(named: "Old labels", at: .moment(try Export.moment(1, -1)))
        let before = try fixture.engine.timeTravel.state(atSequence: reading.sequence).state
        #expect(try Self.labels(of: "First", in: before) == ["Ready"])
        let atTwo = try fixture.engine.timeTravel.state(atSequence: try fixture.engine.timeTravel.boardReading(named: "Old labels", at: .moment(try Export.moment(2))).sequence).state
        #expect(try Self.labels(of: "Second", in: atTwo) == ["Later", "Waiting"])
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("An export from before labels had ids keeps each card's colour labels")
    func labelsWithoutIDs() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try Self.withoutIDs)
        #expect(report.notImported.isEmpty)
        let now = try fixture.engine.withState { $0 }
        #expect(try Self.labels(of: "First", in: now) == ["Ready", "yellow"])
        #expect(try Self.labels(of: "Second", in: now) == ["Blocked"])
        #expect(try Self.boardLabels("Colour labels", in: now) == ["Blocked red", "Ready green", "yellow yellow"])
    }

    /// Each open card's labels, by title.
    static func cardLabels(_ engine: KanbanEngine) throws -> [String: [String]] {
        let state = try engine.withState { $0 }
        return Dictionary(state.cards.values.map { ($0.title, state.details(of: $0.id).labels) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("The real sample export in the older shape (no top-level labels, no idLabels) keeps every card's labels")
    func realExportInTheOlderShape() throws {
        var export = try #require(try JSONSerialization.jsonObject(with: try TrelloFixture.sampleBoard) as? [String: Any])
        export["labels"] = nil
        let cards = try #require(export["cards"] as? [[String: Any]])
        export["cards"] = cards.map { card in card.filter { $0.key != "idLabels" } }
        let full = try EngineFixture()
        defer { full.directory.remove() }
        let older = try EngineFixture()
        defer { older.directory.remove() }
        _ = try full.engine.importer.trello(try TrelloFixture.sampleBoard)
        let report = try older.engine.importer.trello(try JSONSerialization.data(withJSONObject: export))
        #expect(report.notImported.isEmpty)
        let labels = try Self.cardLabels(older.engine)
        #expect(labels == (try Self.cardLabels(full.engine)))
        #expect(labels.values.reduce(0) { $0 + $1.count } == 4)
        // The board has every label a card carries, and the colour `labelNames` names unused.
        #expect(try Self.boardLabels("Simple Project Board", in: older.engine.withState { $0 })
            == ["green label green", "label without color grey", "red red", "unused blue label blue"])
    }
}
