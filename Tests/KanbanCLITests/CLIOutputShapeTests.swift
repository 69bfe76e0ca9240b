import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// Every `--json` form the CLI prints decodes into its type in `Sources/Kanban/Output/` and
/// equals that type built from the engine's own values on the same database.
struct CLIOutputShapeTests {
    /// Runs `arguments` (with `--json` added), expects one JSON document on one line, and decodes it.
    static func decode<Value: Decodable>(
        _ type: Value.Type, _ fixture: CLIFixture, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Value {
        let text = try fixture.succeed(arguments + ["--json"], sourceLocation: sourceLocation)
        #expect(text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1, "not one line: \(text)", sourceLocation: sourceLocation)
        return try OutputJSON.decode(type, from: Data(text.utf8))
    }

    /// A board, columns and cards that between them append every kind of event.
    static func scene(_ fixture: CLIFixture) throws -> (late: String, soon: String) {
        let late = try fixture.succeed(["add", "Late", "--due", "2020-01-01", "--description", "a/b \"c\""]).trimmingCharacters(in: .newlines)
        let soon = try fixture.succeed(["add", "Soon", "--due", "2999-12-31T23:00:00Z", "--column", "doing"]).trimmingCharacters(in: .newlines)
        try fixture.succeed(["move", late, "done"])
        try fixture.succeed(["edit", soon, "--title", "Soon!", "--no-due"])
        try fixture.succeed(["delete", soon])
        try fixture.succeed(["undo"])
        try fixture.succeed(["redo"])
        try fixture.succeed(["columns", "add", "Later"])
        try fixture.succeed(["columns", "rename", "later", "Someday"])
        try fixture.succeed(["columns", "remove", "someday"])
        try fixture.succeed(["boards", "add", "Side", "--columns", "A,B"])
        try fixture.succeed(["boards", "rename", "Side", "Aside"])
        try fixture.succeed(["boards", "remove", "Aside"])
        try fixture.succeed(["columns", "move", "done", "--at", "0"])
        try fixture.succeed(["revive", soon])
        try fixture.succeed(["restore", "--to", "3"])
        try details(fixture)
        return (late, soon)
    }

    /// Every change to a card's or board's details, on a board of their own.
    static func details(_ fixture: CLIFixture) throws {
        try fixture.succeed(["boards", "add", "Details"])
        let on = ["--board", "Details"]
        let card = try fixture.succeed(["add", "D"] + on).trimmingCharacters(in: .newlines)
        func firstID(_ arguments: [String]) throws -> String {
            let list = try decode([[String: JSONTree]].self, fixture, arguments + on)
            guard case .string(let id)? = list.first?["id"] else {
                Issue.record("no id in \(arguments)")
                return "none"
            }
            return id
        }
        for arguments in [
            ["assign", card, "지민"], ["assign", card, "bo"], ["unassign", card, "bo"], ["label", card, "bug"], ["label", card, "bug", "--off"],
            ["due-done", card], ["comments", "add", card, "**hi**, all"], ["checklist", "add", card, "Write, test"], ["checklist", "add", card, "Ship"],
            ["links", "add", card, "https://example.com/a", "--name", "Spec"], ["members", "add", "ana"], ["members", "remove", "ana"],
            ["members", "add", "지민", "--role", "viewer"], ["boards", "visibility", "Details", "members"], ["boards", "visibility", "Details", "open"],
            ["labels", "set", "bug", "red"], ["columns", "limit", "todo", "3"],
        ] {
            try fixture.succeed(arguments + on)
        }
        let comment = try firstID(["comments", "list", card])
        try fixture.succeed(["comments", "edit", card, comment, "edited"] + on)
        try fixture.succeed(["comments", "delete", card, comment] + on)
        let item = try firstID(["checklist", "list", card])
        try fixture.succeed(["checklist", "rename", card, item, "Write tests"] + on)
        try fixture.succeed(["checklist", "check", card, item] + on)
        try fixture.succeed(["checklist", "move", card, item, "--at", "1"] + on)
        try fixture.succeed(["checklist", "remove", card, item] + on)
        try fixture.succeed(["links", "remove", card, try firstID(["links", "list", card])] + on)
    }

    @Test("board, log, history, diff, columns and boards --json equal the Output types built from the engine")
    func sameAsEngine() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let (late, soon) = try Self.scene(fixture)
        let engine = try KanbanEngine(path: fixture.database)

        let board = try Self.decode(BoardOutput.self, fixture, ["board"])
        #expect(board == BoardOutput(view: try engine.boardView(named: "main")))
        #expect(board == BoardOutput(board: "main", columns: [
            BoardColumnOutput(name: "TODO", cards: [
                BoardCardOutput(id: late, title: "Late", description: "a/b \"c\"", due: "2020-01-01", overdue: true),
            ]),
            BoardColumnOutput(name: "DOING", cards: [
                BoardCardOutput(id: soon, title: "Soon", description: "", due: "2999-12-31T23:00:00Z", overdue: false),
            ]),
            BoardColumnOutput(name: "DONE", cards: []),
        ]))
        #expect(try Self.decode(BoardOutput.self, fixture, ["board", "--at", "4"]) == BoardOutput(view: try engine.timeTravel.boardView(named: "main", at: .sequence(4))))

        let log = try Self.decode([EventOutput].self, fixture, ["log"])
        #expect(log == (try engine.events()).map(EventOutput.init(event:)))
        #expect(Set(log.map(\.kind)) == Set(EventKind.allCases))
        #expect(try Self.decode([EventOutput].self, fixture, ["log", "--after", "5", "--limit", "2"]) == Array(log[5..<7]))

        let history = try Self.decode([HistoryEntryOutput].self, fixture, ["history", "--lang", "fr"])
        #expect(history == (try engine.history.entries(HistoryQuery(language: .french))).map(HistoryEntryOutput.init(entry:)))
        // The main board's events only: not the side board's.
        #expect(history.map(\.sequence) == log.filter { $0.board == log[0].board }.map(\.sequence))

        let diff = try Self.decode(DiffOutput.self, fixture, ["diff", "--from", "1"])
        #expect(diff == DiffOutput(diff: try engine.timeTravel.diff(board: "main", from: .sequence(1))))
        #expect(diff.added.map(\.id) == [late, soon])

        #expect(try Self.decode([ColumnSummaryOutput].self, fixture, ["columns"]) == [
            ColumnSummaryOutput(name: "TODO", cards: 1), ColumnSummaryOutput(name: "DOING", cards: 1), ColumnSummaryOutput(name: "DONE", cards: 0),
        ])
        try fixture.succeed(["boards", "add", "Other", "--columns", "X"])
        #expect(try Self.decode([BoardSummaryOutput].self, fixture, ["boards"]) == [
            BoardSummaryOutput(name: "main", columns: [
                ColumnSummaryOutput(name: "TODO", cards: 1), ColumnSummaryOutput(name: "DOING", cards: 1), ColumnSummaryOutput(name: "DONE", cards: 0),
            ], cards: 2),
            BoardSummaryOutput(name: "Details", columns: [
                ColumnSummaryOutput(name: "TODO", cards: 1), ColumnSummaryOutput(name: "DOING", cards: 0), ColumnSummaryOutput(name: "DONE", cards: 0),
            ], cards: 1),
            BoardSummaryOutput(name: "Other", columns: [ColumnSummaryOutput(name: "X", cards: 0)], cards: 0),
        ])

        // The card with everything it carries, as the engine sees it.
        let details = try Self.decode(BoardOutput.self, fixture, ["board", "--board", "Details"])
        #expect(details == BoardOutput(view: try engine.boardView(named: "Details")))
        let card = try #require(details.columns.first?.cards.first)
        #expect(card.assignees == ["지민"] && card.labels == nil && card.dueDone == true && card.comments == nil && card.links == nil)
        #expect(card.checklist == ChecklistProgressOutput(done: 0, total: 1))
        #expect(details.columns.first?.limit == 3 && details.labels == [BoardLabelOutput(name: "bug", colour: "red")])
        #expect(details.members == ["지민"] && details.roles == ["지민": "viewer"] && details.visibility == nil)
        let shown = try Self.decode(CardDetailsOutput.self, fixture, ["card", card.id, "--board", "Details"])
        #expect(shown == CardDetailsOutput(view: try engine.cardDetail(board: "Details", card: card.id)))
        #expect(shown.checklist.map(\.text) == ["Ship"] && shown.comments.isEmpty && shown.column == "TODO")

        // As it was at a moment: the card's details then, as the engine sees them.
        let before = try engine.lastSequence()
        try fixture.succeed(["comments", "add", card.id, "later, 나중에 **md**", "--board", "Details"])
        let past = try Self.decode(CardDetailsOutput.self, fixture, ["card", card.id, "--board", "Details", "--at", String(before)])
        #expect(past == CardDetailsOutput(view: try engine.timeTravel.cardDetail(board: "Details", card: card.id, at: .sequence(before))))
        #expect(past.comments.isEmpty)
        #expect(try Self.decode(CardDetailsOutput.self, fixture, ["card", card.id, "--board", "Details"]).comments.map(\.text) == ["later, 나중에 **md**"])
        let error = try fixture.expectRejected(["card", card.id, "--board", "Details", "--at", "99999"])
        #expect(error.contains("outside the log"), "\(error)")
    }

    @Test("board --json prints byte for byte what the shared encoder writes, and one newline")
    func boardBytes() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let awkward = "\"Q\" a\\b/c \u{1}\u{1F}\u{8}\u{C}\n\r\t \u{7F} \u{2028}\u{2029} 회의 👩‍👩‍👧‍👦 👍🏽 e\u{301}"
        try fixture.succeed(["add", awkward, "--description", awkward, "--due", "2020-01-01"])
        try fixture.succeed(["add", "later", "--due", "2999-12-31T23:00:00Z", "--column", "doing"])
        try fixture.succeed(["columns", "add", "Ré\\view \"/\""])
        let engine = try KanbanEngine(path: fixture.database)
        for arguments in [["board", "--json"], ["board", "--json", "--at", "2"]] {
            let printed = try fixture.succeed(arguments)
            let view = arguments.count > 2 ? try engine.timeTravel.boardView(named: "main", at: .sequence(2)) : try engine.boardView(named: "main")
            #expect(Array(printed.utf8) == Array(try OutputJSON.encode(BoardOutput(view: view))) + [UInt8(ascii: "\n")])
        }
        #expect(try Self.decode(BoardOutput.self, fixture, ["board"]).columns[0].cards.map(\.title) == [awkward])
    }

    @Test("Commands that append print their events as the log does; add prints {id}")
    func appendedEvents() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let added = try Self.decode(AddedCardOutput.self, fixture, ["add", "One"])
        // Nothing changed: an empty array, still one line.
        #expect(try Self.decode([EventOutput].self, fixture, ["move", added.id, "todo", "--at", "0"]).isEmpty)
        let moved = try Self.decode([EventOutput].self, fixture, ["move", added.id, "doing"])
        let edited = try Self.decode([EventOutput].self, fixture, ["edit", added.id, "--due", "2030-01-02"])
        let undone = try Self.decode([EventOutput].self, fixture, ["undo"])
        let redone = try Self.decode([EventOutput].self, fixture, ["redo"])
        let restored = try Self.decode([EventOutput].self, fixture, ["restore", "--to", "2"])
        let deleted = try Self.decode([EventOutput].self, fixture, ["delete", added.id])
        let log = try Self.decode([EventOutput].self, fixture, ["log"])
        #expect(log.count == 8)
        #expect(moved + edited + undone + redone + restored + deleted == Array(log[2...]))
        guard case .cardAdded(let data)? = log.dropFirst().first?.payload else {
            Issue.record("the second event is not the add: \(log)")
            return
        }
        #expect(data.card.id == added.id)
        guard case .cardEdited(let edit)? = edited.first?.payload else {
            Issue.record("edit printed \(edited)")
            return
        }
        #expect(edit.changes == CardChangesOutput(due: ChangeOutput(old: nil, new: "2030-01-02")))
    }

    @Test("undo --list, stats, snapshot, snapshots, verify, replay and generate --json")
    func figures() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        #expect(try Self.decode(UndoPreviewOutput.self, fixture, ["undo", "--list"]) == UndoPreviewOutput(undo: nil, redo: nil))
        let generated = try Self.decode(GenerateOutput.self, fixture, ["generate", "--events", "300"])
        #expect(generated.events == 300)
        let card = try fixture.succeed(["add", "Mine"]).trimmingCharacters(in: .newlines)
        try fixture.succeed(["move", card, "done"])
        try fixture.succeed(["undo"])
        #expect(try Self.decode(UndoPreviewOutput.self, fixture, ["undo", "--list"]) == UndoPreviewOutput(
            undo: UndoStepOutput(sequence: 301, action: "Add 'Mine'"),
            redo: UndoStepOutput(sequence: 303, action: "Move 'Mine' from TODO to DONE")
        ))

        let engine = try KanbanEngine(path: fixture.database)
        let stats = try Self.decode(StatsOutput.self, fixture, ["stats"])
        #expect(stats == StatsOutput(statistics: try engine.statistics()))
        #expect(stats.events == 303 && stats.lastSequence == 303)

        #expect(try Self.decode(SnapshotOutput.self, fixture, ["snapshot"]).sequence == 303)
        let snapshots = try Self.decode([SnapshotOutput].self, fixture, ["snapshots"])
        #expect(snapshots == (try engine.snapshots.list()).map(SnapshotOutput.init(info:)))
        #expect(snapshots.map(\.sequence) == [303])

        #expect(try Self.decode(VerifyOutput.self, fixture, ["verify"]) == VerifyOutput(events: 303, snapshots: 1, ok: true, difference: nil))

        let replay = try Self.decode(ReplayOutput.self, fixture, ["replay", "--ignore-snapshots"])
        #expect(replay.events == 303 && replay.snapshot == nil && replay.tailEvents == 303)
        let fromSnapshot = try Self.decode(ReplayOutput.self, fixture, ["replay"])
        #expect(fromSnapshot.snapshot == 303 && fromSnapshot.tailEvents == 0)
    }

    @Test("The forms keep their keys and types: null where there is none, numbers as numbers, absent where absent")
    func keysAndTypes() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        func tree(_ arguments: [String]) throws -> JSONTree { try JSONTree(parsing: try fixture.succeed(arguments + ["--json"])) }

        let generate = try #require(try tree(["generate", "--events", "50"]).members)
        #expect(Set(generate.keys) == ["events", "seconds", "eventsPerSecond"])
        #expect(generate["events"] == 50)
        let replay = try #require(try tree(["replay"]).members)
        #expect(Set(replay.keys) == ["events", "seconds", "eventsPerSecond", "snapshot", "tailEvents"])
        #expect(replay["snapshot"] == .null && replay["tailEvents"] == 50)
        for key in ["seconds", "eventsPerSecond"] {
            switch replay[key] {
            case .integer?, .number?: break
            default: Issue.record("\(key) is not a number: \(replay)")
            }
        }
        #expect(try tree(["undo", "--list"]) == ["undo": nil, "redo": nil])
        let verify = try tree(["verify"])
        #expect(verify == ["events": 50, "snapshots": 0, "ok": true, "difference": nil])
        let id = try fixture.succeed(["add", "No due"]).trimmingCharacters(in: .newlines)
        let card = try #require(try tree(["board"])["columns"]?.elements?.first?["cards"]?.elements?.last)
        #expect(card == ["id": .string(id), "title": "No due", "description": "", "due": nil, "overdue": false])
        let entry = try #require(try tree(["history", "--limit", "1"]).elements?.first)
        #expect(entry["card"] == .string(id))
        #expect(entry["changes"]?["title"] == ["old": nil, "new": "No due"])
        let edit = try #require(try tree(["edit", id, "--description", "d"]).elements?.first)
        #expect(edit["data"]?["changes"] == ["description": ["old": "", "new": "d"]])
        let stats = try #require(try tree(["stats"]).members)
        #expect(Set(stats.keys) == ["events", "lastSequence", "liveCards", "boards", "databaseBytes", "mapBytes"])
        #expect(stats.values.allSatisfy { if case .integer = $0 { true } else { false } })
    }
}
