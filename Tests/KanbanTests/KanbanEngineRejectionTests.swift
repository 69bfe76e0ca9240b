import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Every invalid command is rejected with its ``KanbanError`` and appends nothing to the log.
struct KanbanEngineRejectionTests {
    /// `main` with cards a, b, c in TODO (a has a due date) and d in DOING, and a board `side`.
    static func fixture() throws -> (EngineFixture, [String: String]) {
        let fixture = try EngineFixture()
        var ids: [String: String] = [:]
        for title in ["a", "b", "c"] { ids[title] = try fixture.add(title).description }
        ids["d"] = try fixture.add("d", column: "doing").description
        try fixture.engine.execute(.createBoard(name: "side", columns: ["Only"]), actor: "ana")
        return (fixture, ids)
    }

    /// Runs `command` and expects `error`, with the log, the state and the other engine unchanged.
    static func expectRejected(_ command: Command, with error: KanbanError, in fixture: EngineFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try fixture.engine.events()
        let state = try fixture.engine.withState { StateSnapshot($0) }
        #expect(throws: error, sourceLocation: sourceLocation) { try fixture.engine.execute(command, actor: "ana") }
        #expect(try fixture.engine.events() == before, "appended after a rejection", sourceLocation: sourceLocation)
        #expect(try fixture.engine.withState { StateSnapshot($0) } == state, sourceLocation: sourceLocation)
    }

    @Test("Unknown cards, boards and columns")
    func unknownThings() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.directory.remove() }
        try Self.expectRejected(.editCard(board: "main", card: "nope", title: "x"), with: .unknownCard("nope"), in: fixture)
        try Self.expectRejected(.moveCard(board: "main", card: "ffffffff", column: "DONE"), with: .unknownCard("ffffffff"), in: fixture)
        try Self.expectRejected(.deleteCard(board: "side", card: ids["a"]!), with: .unknownCard(ids["a"]!), in: fixture)
        try Self.expectRejected(.addCard(board: "nope", title: "t"), with: .unknownBoard("nope"), in: fixture)
        try Self.expectRejected(.addCard(board: "main", title: "t", column: "Later"), with: .unknownColumn("Later", board: "main"), in: fixture)
        try Self.expectRejected(.moveCard(board: "main", card: ids["a"]!, column: "only"), with: .unknownColumn("only", board: "main"), in: fixture)
    }

    @Test("Titles: empty, whitespace-only and 201 characters are refused; 200 are accepted")
    func titles() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.directory.remove() }
        for title in ["", "    ", " \t \n "] {
            try Self.expectRejected(.addCard(board: "main", title: title), with: .emptyTitle, in: fixture)
            try Self.expectRejected(.editCard(board: "main", card: ids["b"]!, title: title), with: .emptyTitle, in: fixture)
        }
        let tooLong = String(repeating: "회", count: 201)
        try Self.expectRejected(.addCard(board: "main", title: tooLong), with: .titleTooLong(length: 201), in: fixture)
        try Self.expectRejected(.editCard(board: "main", card: ids["b"]!, title: tooLong), with: .titleTooLong(length: 201), in: fixture)
        let count = try fixture.eventCount
        try fixture.add(String(repeating: "회", count: 200))
        try fixture.engine.execute(.editCard(board: "main", card: ids["b"]!, title: String(repeating: "é", count: 200)), actor: "ana")
        #expect(try fixture.eventCount == count + 2)
    }

    @Test("Descriptions: 1,001 characters are refused; 1,000 are accepted")
    func descriptions() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.directory.remove() }
        let tooLong = String(repeating: "é", count: 1001)
        try Self.expectRejected(.addCard(board: "main", title: "t", description: tooLong), with: .descriptionTooLong(length: 1001), in: fixture)
        try Self.expectRejected(.editCard(board: "main", card: ids["a"]!, description: tooLong), with: .descriptionTooLong(length: 1001), in: fixture)
        let count = try fixture.eventCount
        try fixture.engine.execute(.addCard(board: "main", title: "t", description: String(repeating: "é", count: 1000)), actor: "ana")
        #expect(try fixture.eventCount == count + 1)
    }

    @Test("Indexes out of range: past the end and negative")
    func indexes() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.directory.remove() }
        try Self.expectRejected(.addCard(board: "main", title: "t", index: 4), with: .indexOutOfRange(4, column: "TODO", maximum: 3), in: fixture)
        try Self.expectRejected(.addCard(board: "main", title: "t", index: -1), with: .indexOutOfRange(-1, column: "TODO", maximum: 3), in: fixture)
        try Self.expectRejected(.moveCard(board: "main", card: ids["a"]!, column: "todo", index: 3), with: .indexOutOfRange(3, column: "TODO", maximum: 2), in: fixture)
        try Self.expectRejected(.moveCard(board: "main", card: ids["a"]!, column: "doing", index: 2), with: .indexOutOfRange(2, column: "DOING", maximum: 1), in: fixture)
        try Self.expectRejected(.moveCard(board: "main", card: ids["a"]!, column: "doing", index: -5), with: .indexOutOfRange(-5, column: "DOING", maximum: 1), in: fixture)
        try Self.expectRejected(.addColumn(board: "main", name: "X", index: 9), with: .indexOutOfRange(9, column: "list of main", maximum: 3), in: fixture)
    }

    @Test("A prefix that several cards share is ambiguous")
    func ambiguousPrefix() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let ids = try (0..<20).map { try fixture.add("card \($0)").description }
        let groups = Dictionary(grouping: ids) { String($0.prefix(1)) }
        let (prefix, sharing) = try #require(groups.first { $0.value.count > 1 })
        try Self.expectRejected(.moveCard(board: "main", card: prefix, column: "done"), with: .ambiguousCard(prefix, matches: sharing.count), in: fixture)
        try Self.expectRejected(.editCard(board: "main", card: prefix, title: "x"), with: .ambiguousCard(prefix, matches: sharing.count), in: fixture)
        try Self.expectRejected(.deleteCard(board: "main", card: prefix), with: .ambiguousCard(prefix, matches: sharing.count), in: fixture)
    }

    @Test("Columns and boards that hold cards cannot be removed")
    func nonEmptyRemovals() throws {
        let (fixture, _) = try Self.fixture()
        defer { fixture.directory.remove() }
        try Self.expectRejected(.removeColumn(board: "main", column: "todo"), with: .columnNotEmpty("TODO", cards: 3), in: fixture)
        try Self.expectRejected(.removeBoard(board: "main"), with: .boardNotEmpty("main", cards: 4), in: fixture)
        try Self.expectRejected(.removeColumn(board: "side", column: "only"), with: .lastColumn("side"), in: fixture)
        // Empty ones can.
        try fixture.engine.execute(.removeColumn(board: "main", column: "done"), actor: "ana")
        try fixture.engine.execute(.removeBoard(board: "side"), actor: "ana")
        #expect(try fixture.engine.statistics().boards == 1)
    }

    @Test("A rejected command leaves the engine usable, and its next write lands at the next sequence")
    func usableAfterRejection() throws {
        let (fixture, _) = try Self.fixture()
        defer { fixture.directory.remove() }
        let count = try fixture.eventCount
        #expect(throws: KanbanError.emptyTitle) { try fixture.engine.execute(.addCard(board: "main", title: ""), actor: "ana") }
        let events = try fixture.engine.execute(.addCard(board: "main", title: "after"), actor: "ana")
        #expect(events.map(\.sequence) == [UInt64(count + 1)])
        let fresh = try KanbanEngine(path: fixture.path)
        #expect(try fresh.withState { StateSnapshot($0) } == fixture.engine.withState { StateSnapshot($0) })
    }
}
