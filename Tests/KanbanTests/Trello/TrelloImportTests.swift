import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// `importTrello` on real and simulated Trello exports: the board it makes equals Trello's at
/// the end and at every action's moment, the history before the kept actions is rebuilt, and a
/// bad or repeated import appends nothing.
struct TrelloImportTests {
    typealias Shown = TrelloBoardSimulation.Shown

    /// What our board shows, in the simulation's terms, without the cards titled `excluded`
    /// (cut as the import cuts) or untitled.
    static func shown(_ view: BoardView, excluding excluded: Set<String> = []) -> Shown {
        let cutTitles = Set(excluded.map(cutTitle))
        return Shown(columns: view.columns.map { column in
            Shown.Column(name: column.name, cards: column.cards
                .filter { !cutTitles.contains($0.card.title) && !$0.card.title.hasPrefix("(untitled card") }
                .map { "\($0.card.title)¶\($0.card.description)¶\($0.card.due?.description ?? "-")" })
        })
    }

    static func cutTitle(_ title: String) -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count > 200 ? String(trimmed.prefix(199)) + "…" : trimmed
    }

    /// What Trello shows, cut as the import cuts: titles trimmed, to 200 characters, descriptions
    /// to 1,000 (the last one `…`); due dates in our form.
    static func cut(_ shown: Shown) -> Shown {
        Shown(columns: shown.columns.map { column in
            Shown.Column(name: column.name, cards: column.cards.map { text in
                let parts = text.components(separatedBy: "¶")
                let title = cutTitle(parts[0])
                var description = parts[1]
                if description.count > 1000 { description = String(description.prefix(999)) + "…" }
                let due = parts[2] == "-" ? "-" : ((try? Due(parsing: parts[2]))?.description ?? "?")
                return "\(title)¶\(description)¶\(due)"
            })
        })
    }

    @Test("The imported board equals Trello's after every kept action, and before the first one", arguments: 0..<48)
    func replayMatchesTrello(seed: UInt64) throws {
        // Odd seeds archive, reopen and move lists to and from other boards too.
        var simulation = TrelloBoardSimulation(seed: seed, movesLists: seed % 2 == 1)
        simulation.play(70)
        var generator = SeededGenerator(seed: seed &+ 1000)
        let total = simulation.actions.count
        let kept = seed % 4 == 0 ? total : Int.random(in: 5...total, using: &generator)
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("native card before the import")
        let report = try fixture.engine.importer.trello(try simulation.export(keeping: kept))
        #expect(report.board == "Simulated board" && !report.alreadyImported && report.actions == kept)

        // Cards older than the kept actions and deleted within them cannot be described before
        // they go (Trello's deletions name nothing): they are left out of the comparison.
        let unknowable = simulation.unknowable(keeping: kept)
        func expected(_ index: Int) -> Shown {
            Self.cut(TrelloBoardSimulation.shown(simulation.states[index], excluding: unknowable.ids))
        }
        func actual(_ moment: Timestamp?) throws -> Shown {
            let view = try moment.map { try fixture.engine.timeTravel.boardView(named: report.board, at: .moment($0)) } ?? fixture.engine.boardView(named: report.board)
            return Self.shown(view, excluding: unknowable.titles)
        }
        #expect(try actual(nil) == Self.cut(TrelloBoardSimulation.shown(simulation.board())), "now, seed \(seed)")
        let firstKept = total - kept
        for index in firstKept..<total {
            let type = simulation.actions[index]["type"] as? String ?? "?"
            let shown = try actual(simulation.times[index])
            #expect(shown == expected(index), "after action \(index) (\(type)), seed \(seed)")
            if shown != expected(index) { break }
        }
        // Just before the first kept action: the board the walk rebuilt.
        let before = Timestamp(millisecondsSinceEpoch: simulation.times[firstKept].millisecondsSinceEpoch - 1)
        if firstKept > 0 {
            #expect(try actual(before) == expected(firstKept - 1), "before the first kept action, seed \(seed)")
        } else {
            #expect(throws: KanbanError.self) { try fixture.engine.timeTravel.boardView(named: report.board, at: .moment(before)) }
        }
        #expect(try fixture.engine.verify().firstDifference == nil)
        // The other board is as it was.
        #expect(try fixture.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["native card before the import"])
    }

    @Test("The sample board from a real Trello export: lists, open cards in order, what was not imported, the cut")
    func sampleBoard() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("a card on main")
        let before = try fixture.eventCount
        let report = try fixture.engine.importer.trello(try TrelloFixture.sampleBoard)
        #expect(report.board == "Simple Project Board")
        // The archived list never held a card: a column only while it was open.
        #expect(report.columns == ["BRAINSTORM 🤔", "TODO 📚", "DOING ⚙️", "DONE! 🙌🏽"])
        #expect(report.cards == 9 && report.archivedCards == 1 && report.actions == 31)
        // Everything a user would miss is imported; the board's workspace and permissions mean
        // nothing here.
        #expect(report.notImported.isEmpty, "\(report.notImported)")
        #expect(report.nothingToImport == ["addToOrganizationBoard": 1, "updateBoard:prefs": 1])
        #expect(report.importedActions == 29)
        #expect(report.members == ["usersample26"])
        #expect(report.rebuiltCards == 5)
        #expect(report.cuts.map(\.field) == ["description"] && report.cuts.first?.length == 1022)
        #expect(try fixture.eventCount == before + report.events)

        let view = try fixture.engine.boardView(named: "Simple Project Board")
        let titles = view.columns.map { $0.cards.map(\.card.title) }
        #expect(titles == [
            ["✋🏿 Add what you'd like to work on below", "attachments? comments too??"],
            ["✋🏿 Move anything 'ready' here", "wow, that's a nice simple project board", "a card with two checklists - this could look weird in planka"],
            ["✋🏿 Move anything that is actually started here", "setting up some boards and stuff for the trello2pekan project or whatever the name is, sorry i forgot"],
            ["✋🏿 Move anything from doing to done here", "Inspiration for a Card 📝"],
        ])
        let attachments = try #require(view.columns[0].cards.last?.card)
        #expect(attachments.description == "This card should have an attachment (test.pdf), three comments, and a red label. ")
        #expect(view.columns[3].cards[1].card.description.count == 1000 && view.columns[3].cards[1].card.description.hasSuffix("…"))

        // As of 2022-11-21 19:24:00 the card was renamed but its description not yet written.
        let then = try fixture.engine.timeTravel.boardView(named: "Simple Project Board", at: .moment(try Due(parsing: "2022-11-21T19:24:00Z").start))
        #expect(then.columns[0].cards.last?.card.title == "attachments? comments too??")
        #expect(then.columns[0].cards.last?.card.description == "")
        // Before it was archived, the archived card was in DONE.
        let before26 = try fixture.engine.timeTravel.boardView(named: "Simple Project Board", at: .moment(try Due(parsing: "2022-11-26T00:00:00Z").start))
        #expect(before26.columns[3].cards.map(\.card.title).contains("archived card in DONE"))

        // Labels, checklists, comments and attachments, as Trello shows them.
        let details = try view.columns.map { column in
            try column.cards.map { try fixture.engine.cardDetail(board: "Simple Project Board", card: $0.card.id.description).details }
        }
        let board = try fixture.engine.cardDetail(board: "Simple Project Board", card: attachments.id.description)
        #expect(board.boardLabels.map { "\($0.name) \($0.colour)" } == [
            "blue blue", "green label green", "label without color grey", "orange orange", "purple purple", "red red",
            "unused blue label blue", "yellow yellow",
        ])
        let commented = details[0][1]
        #expect(commented.labels == ["red"] && commented.links.map(\.name) == ["test.pdf"])
        #expect(commented.comments.map(\.author) == ["usersample26", "usersample26", "usersample26"])
        #expect(commented.comments.map(\.text) == [
            "this is a comment. \n\nAlso, I just updated this comment.",
            "let's also make sure that the comments will be shown in the correct order.\n\nThis right here, is the second comment - the first one was the \"this is a comment ... Also, I just updated this comment one\".",
            "this is the third and probably last comment.",
        ])
        #expect(details[0][0].links.map(\.url) == ["https://trello.com/1/cards/63792cd280232800fa06fe94/attachments/63792cd280232800fa06ff36/download/dribbble_reasoning_corner.png"])
        #expect(details[1][1].labels == ["green label", "label without color"] && details[1][1].comments.count == 1)
        #expect(details[1][2].checklist.map { "\($0.checklist): \($0.text)\($0.done ? " [x]" : "")" } == [
            "first checklist: first item of the first checklist", "first checklist: second item of the first checklist",
            "second checklist: first item of the second checklist", "second checklist: second item of the second checklist",
            "second checklist: another item of the second checklist [x]",
        ])
        #expect(details[2][1].labels == ["red"] && details[2][1].checklist.map(\.done) == [true, true, false])
        #expect(details[3][1].checklist.map(\.text) == [
            "Create lists (Brainstorm, todo, doing, done)", "Create template card example", "Turn board into template", "Share with the community",
        ])
        #expect(try fixture.engine.withState { state in state.details(ofBoard: try #require(state.board(named: "Simple Project Board")).id).members } == ["usersample26"])
        // Each at its moment: the items were checked on 2022-11-21, the labels put on on 2022-12-10.
        let checking = try fixture.engine.timeTravel.boardReading(named: "Simple Project Board", at: .moment(try Due(parsing: "2022-11-21T19:24:40Z").start))
        let past = try fixture.engine.timeTravel.state(atSequence: checking.sequence).state
        let setting = try #require(past.cards.values.first { $0.title.hasPrefix("setting up some boards") })
        #expect(past.details(of: setting.id).checklist.map(\.done) == [true, false, false] && past.details(of: setting.id).labels.isEmpty)

        // History shows Trello's members and dates: the board made by the copy that made it, the
        // list created and archived at their moments.
        let history = try fixture.engine.history.entries(HistoryQuery(board: "Simple Project Board"))
        #expect(history.contains { $0.actor == "usersample26" && $0.timestamp.description.hasPrefix("2022-11-20T10:25:17") })
        let made = try #require(history.first { $0.kind == .boardCreated })
        #expect(made.actor == "usersample26" && made.timestamp.description == "2022-11-19T19:21:54.992Z")
        #expect(history.filter { $0.kind == .columnAdded || $0.kind == .columnRemoved }.map { "\($0.kind) \($0.timestamp)" }.sorted() == [
            "columnAdded 2022-11-26T20:37:06.748Z", "columnRemoved 2022-11-26T20:37:10.254Z",
        ])
        let archiving = try fixture.engine.timeTravel.boardView(named: "Simple Project Board", at: .moment(try Due(parsing: "2022-11-26T20:37:08Z").start))
        #expect(archiving.columns.map(\.name).last == "some archived list")
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("Importing the same export again appends nothing, under any --board; a taken name is refused")
    func reimport() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let data = try TrelloFixture.sampleBoard
        let first = try fixture.engine.importer.trello(data)
        let count = try fixture.eventCount
        let again = try fixture.engine.importer.trello(data)
        #expect(again.alreadyImported && again.events == 0 && again.board == first.board)
        #expect(try fixture.engine.importer.trello(data, board: "Another name").alreadyImported)
        #expect(try fixture.eventCount == count)

        // A later export of the board (one more action) is another import: the name is taken...
        var simulation = TrelloBoardSimulation(seed: 7)
        simulation.play(10)
        _ = try fixture.engine.importer.trello(try simulation.export(keeping: 10, name: "Later"))
        simulation.step()
        let later = try simulation.export(keeping: 11, name: "Later")
        let countBefore = try fixture.eventCount
        #expect(throws: TrelloImportError.boardExists("Later")) { try fixture.engine.importer.trello(later) }
        #expect(try fixture.eventCount == countBefore)
        // ...unless --board gives another.
        #expect(try fixture.engine.importer.trello(later, board: "Later (2)").alreadyImported == false)
    }

    @Test("Lists whose names collide, are blank or too long, and a blank title: unique column names, each change listed")
    func namesAndBlanks() throws {
        let export: [String: Any] = [
            "id": "600000000000000000000000", "name": "  ",
            "lists": [
                ["id": "600000000000000000000001", "name": "Done", "pos": 1],
                ["id": "600000000000000000000002", "name": "DONE", "pos": 2],
                ["id": "600000000000000000000003", "name": " ", "pos": 3],
                ["id": "600000000000000000000004", "name": String(repeating: "x", count: 80), "pos": 4],
            ],
            "cards": [
                ["id": "610000000000000000000001", "name": "-starts with dash", "idList": "600000000000000000000001", "pos": 1],
                ["id": "610000000000000000000002", "name": "  \n ", "idList": "600000000000000000000003", "pos": 1, "desc": "**bold**\n- item"],
            ],
            "actions": [],
        ]
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let report = try fixture.engine.importer.trello(try JSONSerialization.data(withJSONObject: export))
        let long = String(repeating: "x", count: 49) + "…"
        #expect(report.board == "Trello board" && report.columns == ["Done", "DONE (2)", "List", long])
        #expect(Set(report.cuts) == [
            TrelloCut(field: "board", trello: "600000000000000000000000", text: "Trello board", length: 0),
            TrelloCut(field: "column", trello: "600000000000000000000003", text: "List", length: 0),
            TrelloCut(field: "column", trello: "600000000000000000000004", text: long, length: 80),
            TrelloCut(field: "title", trello: "610000000000000000000002", text: "(untitled)", length: 0),
        ])
        let view = try fixture.engine.boardView(named: "Trello board")
        #expect(view.columns[0].cards.map(\.card.title) == ["-starts with dash"])
        #expect(view.columns[2].cards.map(\.card.title) == ["(untitled)"] && view.columns[2].cards[0].card.description == "**bold**\n- item")
    }

    @Test("A malformed export is one line naming what is wrong, and nothing is appended", arguments: [
        ("not json", "not JSON"),
        ("[1, 2]", "a JSON object is expected"),
        (#"{"id": "b", "lists": []}"#, "no \"cards\""),
        (#"{"id": "b", "lists": [], "cards": [], "actions": [{"id": "a", "type": "createCard", "date": "yesterday"}]}"#, "actions[0].date 'yesterday'"),
        (#"{"id": "b", "lists": [{"id": 5}], "cards": []}"#, "lists[0].id"),
        (#"{"id": "b", "lists": [], "cards": [{"id": "c", "name": "x"}]}"#, "cards[0] has no idList"),
        (#"{"id": "b", "lists": [], "cards": [{"id": "c", "idList": "l", "due": "soon"}]}"#, "cards[0].due 'soon'"),
    ])
    func malformed(json: String, says: String) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("a")
        let count = try fixture.eventCount
        do {
            _ = try fixture.engine.importer.trello(Data(json.utf8))
            Issue.record("imported \(json)")
        } catch let error as TrelloImportError {
            #expect(error.description.contains(says), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(try fixture.eventCount == count)
    }
}
