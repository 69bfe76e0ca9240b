import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// What `exportEvents` and `exportHistory` take: a board by its name now, dates, a sequence number.
struct ExportQueryTests {
    /// The fixture's clock: one second per command, the first at `start + 1 s`.
    static let start: Int64 = 1_800_000_000_000

    static func moment(_ seconds: Int64) -> Timestamp { Timestamp(millisecondsSinceEpoch: start + seconds * 1000) }

    /// Eight events, one command a second: #1 #2 (1 s) main and 'Write the README'; #3 (2 s)
    /// board Side; #4 (3 s) 'ailleurs' on Side; #5 (4 s) Side renamed Elsewhere; #6 (5 s) the
    /// README retitled; #7 (6 s) DONE renamed Fini; #8 (7 s) the README moved to Fini.
    static func scene() throws -> EngineFixture {
        let fixture = try EngineFixture()
        let readme = try fixture.add("Write the README")
        try fixture.engine.execute(.createBoard(name: "Side"), actor: "bob")
        try fixture.add("ailleurs", board: "Side")
        try fixture.engine.execute(.renameBoard(board: "Side", to: "Elsewhere"), actor: "bob")
        try fixture.engine.execute(.editCard(board: "main", card: readme.description, title: "Read me"), actor: "ana")
        try fixture.engine.execute(.renameColumn(board: "main", column: "DONE", to: "Fini"), actor: "cy")
        try fixture.engine.execute(.moveCard(board: "main", card: readme.description, column: "Fini"), actor: "ana")
        return fixture
    }

    static func sequences(_ engine: KanbanEngine, _ query: ExportQuery) throws -> [UInt64] {
        var events: [UInt64] = []
        try engine.export.events(query) { events.append($0.event.sequence) }
        var rows: [UInt64] = []
        try engine.export.history(query, language: .english) { rows.append($0.entry.sequence) }
        #expect(rows == events, "the CSV rows and the JSON lines take the same events")
        return events
    }

    @Test("No condition takes the whole log; --board takes the board named so now, its events from before the rename too")
    func board() throws {
        let fixture = try Self.scene()
        defer { fixture.directory.remove() }
        #expect(try Self.sequences(fixture.engine, ExportQuery()) == Array(1...8))
        #expect(try Self.sequences(fixture.engine, ExportQuery(board: "Elsewhere")) == [3, 4, 5])
        #expect(try Self.sequences(fixture.engine, ExportQuery(board: "main")) == [1, 2, 6, 7, 8])
        #expect(throws: KanbanError.unknownBoard("Side")) { try fixture.engine.export.events(ExportQuery(board: "Side")) { _ in } }
        #expect(throws: KanbanError.unknownBoard("Side")) { try fixture.engine.export.history(ExportQuery(board: "Side"), language: .english) { _ in } }
    }

    @Test("--since and --until keep the events in between, both ends included; --until SEQ stops at that event")
    func dates() throws {
        let fixture = try Self.scene()
        defer { fixture.directory.remove() }
        #expect(try Self.sequences(fixture.engine, ExportQuery(since: Self.moment(3))) == [4, 5, 6, 7, 8])
        #expect(try Self.sequences(fixture.engine, ExportQuery(until: Self.moment(4))) == [1, 2, 3, 4, 5])
        #expect(try Self.sequences(fixture.engine, ExportQuery(since: Self.moment(3), until: Self.moment(5))) == [4, 5, 6])
        #expect(try Self.sequences(fixture.engine, ExportQuery(board: "main", since: Self.moment(2))) == [6, 7, 8])
        #expect(try Self.sequences(fixture.engine, ExportQuery(untilSequence: 3)) == [1, 2, 3])
        #expect(try Self.sequences(fixture.engine, ExportQuery(since: Self.moment(100))) == [])
    }

    @Test("History rows show the board's name and the card's title as they were, column names too")
    func rowsNameThingsAsTheyWere() throws {
        let fixture = try Self.scene()
        defer { fixture.directory.remove() }
        var rows: [HistoryRow] = []
        try fixture.engine.export.history(ExportQuery(), language: .english) { rows.append($0) }
        #expect(rows.map(\.boardName) == ["main", "main", "Side", "Side", "Elsewhere", "main", "main", "main"])
        #expect(rows.map(\.cardTitle) == [nil, "Write the README", nil, "ailleurs", nil, "Read me", nil, "Read me"])
        #expect(rows[5].entry.line == "Edited 'Write the README': title.", "an edit's line names the card as it was")
        #expect(HistoryCSV.changes(rows[5].entry.changes) == "title: \"Write the README\" → \"Read me\"")
        #expect(rows[7].entry.line == "Moved 'Read me' from TODO to Fini.")
        #expect(HistoryCSV.changes(rows[7].entry.changes) == "column: TODO → Fini; position: 0 → 0")

        var korean: [HistoryRow] = []
        try fixture.engine.export.history(ExportQuery(board: "main"), language: .korean) { korean.append($0) }
        #expect(korean.last?.entry.line == "'Read me' 카드를 TODO에서 Fini(으)로 옮겼습니다.")
    }

    @Test("An export reads the log as it was when it began: events appended meanwhile are left out")
    func fixedEnd() throws {
        let fixture = try Self.scene()
        defer { fixture.directory.remove() }
        var seen: [UInt64] = []
        try fixture.engine.export.events(ExportQuery()) { stored in
            seen.append(stored.event.sequence)
            if stored.event.sequence == 1 { try fixture.add("during the export") }
        }
        #expect(seen == Array(1...8))
        #expect(try fixture.engine.lastSequence() == 9)
    }
}
