import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Rejected commands exit with status 1, print one line on standard error and append nothing;
/// usage errors exit with status 2 the same way.
struct CLIRejectionTests {
    /// `main` with a and b in TODO and c in DOING, and a board `side` with one column.
    static func fixture() throws -> (CLIFixture, [String: String]) {
        let fixture = try CLIFixture()
        var ids: [String: String] = [:]
        ids["a"] = try fixture.kanban.add("a", ["--due", "2026-05-01"])
        ids["b"] = try fixture.kanban.add("b")
        ids["c"] = try fixture.kanban.add("c", ["--column", "DOING"])
        try fixture.kanban.succeed(["boards", "add", "side", "--columns", "Only"])
        return (fixture, ids)
    }

    /// `main` with one card, for the tests that run once per argument.
    static func small() throws -> (CLIFixture, String) {
        let fixture = try CLIFixture()
        return (fixture, try fixture.kanban.add("only card"))
    }

    @Test("Unknown cards, columns and boards")
    func unknownThings() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.remove() }
        let a = ids["a"]!
        #expect(try fixture.expectRejected(["move", "nope", "done"]).contains("unknown card 'nope'"))
        try fixture.expectRejected(["edit", "ffffffff", "--title", "x"])
        try fixture.expectRejected(["delete", Identifier.random().description])
        try fixture.expectRejected(["delete", a, "--board", "side"])
        #expect(try fixture.expectRejected(["add", "t", "--column", "Later"]).contains("unknown column 'Later'"))
        try fixture.expectRejected(["move", a, "nowhere"])
        try fixture.expectRejected(["move", a, "only"])
        #expect(try fixture.expectRejected(["add", "t", "--board", "nope"]).contains("unknown board 'nope'"))
        try fixture.expectRejected(["board", "--board", "nope"])
        try fixture.expectRejected(["columns", "--board", "nope"])
        try fixture.expectRejected(["boards", "rename", "nope", "x"])
    }

    @Test("Titles: empty, whitespace-only and 201 characters are refused; 200 are accepted")
    func titles() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.remove() }
        for title in ["", "   ", "\t\n "] {
            #expect(try fixture.expectRejected(["add", title]).contains("the title is empty"))
            try fixture.expectRejected(["edit", ids["b"]!, "--title", title])
        }
        #expect(try fixture.expectRejected(["add", String(repeating: "t", count: 201)]).contains("201"))
        try fixture.expectRejected(["edit", ids["b"]!, "--title", String(repeating: "회", count: 201)])
        let before = try fixture.kanban.stats().events
        try fixture.kanban.add(String(repeating: "회", count: 200))
        try fixture.kanban.succeed(["edit", ids["b"]!, "--title", String(repeating: "t", count: 200)])
        #expect(try fixture.kanban.stats().events == before + 2)
    }

    @Test("Descriptions: 1,001 characters are refused; 1,000 are accepted")
    func descriptions() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.remove() }
        #expect(try fixture.expectRejected(["add", "t", "--description", String(repeating: "d", count: 1001)]).contains("1001"))
        try fixture.expectRejected(["edit", ids["a"]!, "--description", String(repeating: "é", count: 1001)])
        let before = try fixture.kanban.stats().events
        try fixture.kanban.add("t", ["--description", String(repeating: "é", count: 1000)])
        #expect(try fixture.kanban.stats().events == before + 1)
    }

    @Test("Indexes out of range")
    func indexes() throws {
        let (fixture, ids) = try Self.fixture()
        defer { fixture.remove() }
        // TODO holds 2: an add lands at 0...2; a card of TODO moves within it to 0...1.
        #expect(try fixture.expectRejected(["add", "t", "--at", "3"]).contains("out of range"))
        try fixture.expectRejected(["add", "t", "--at", "99", "--column", "doing"])
        try fixture.expectRejected(["move", ids["a"]!, "todo", "--at", "2"])
        try fixture.expectRejected(["move", ids["a"]!, "doing", "--at", "2"])
        try fixture.expectRejected(["add", "t", "--at=-1"])
        try fixture.expectRejected(["columns", "add", "X", "--at", "4"])
        let before = try fixture.kanban.stats().events
        try fixture.kanban.add("t", ["--at", "2"])
        #expect(try fixture.kanban.stats().events == before + 1)
    }

    @Test("Malformed dates", arguments: [
        "2026-13-01", "2026-02-30", "2023-02-29", "tomorrow", "12/01/2026", "2026-12-01T25:00", "2026-12-01T09:30+5",
        "2026-12-1", "", "2026-12-01T09:30:00 UTC",
    ])
    func malformedDates(date: String) throws {
        let (fixture, id) = try Self.small()
        defer { fixture.remove() }
        #expect(try fixture.expectRejected(["add", "t", "--due", date]).contains("is not an ISO 8601 date"))
        try fixture.expectRejected(["edit", id, "--due", date])
    }

    @Test("Leap days parse on leap years only")
    func leapDays() throws {
        let (fixture, _) = try Self.fixture()
        defer { fixture.remove() }
        let id = try fixture.kanban.add("leap", ["--due", "2024-02-29"])
        #expect(try fixture.kanban.board().columns[0].cards.first { $0.id == id }?.due == "2024-02-29")
        try fixture.expectRejected(["add", "t", "--due", "2100-02-29"])
    }

    @Test("A prefix that two cards share is ambiguous")
    func ambiguousPrefix() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        // Twenty cards through the engine (faster than twenty processes); the binary is then asked.
        let ids = try {
            let engine = try KanbanEngine(path: fixture.database)
            return try (0..<20).map { number in
                try engine.execute(.addCard(board: "main", title: "card \(number)"), actor: "seed").compactMap { event -> String? in
                    if case .cardAdded(let added) = event.payload { return added.card.id.description }
                    return nil
                }[0]
            }
        }()
        let (prefix, sharing) = try #require(Dictionary(grouping: ids) { String($0.prefix(1)) }.first { $0.value.count > 1 })
        let message = try fixture.expectRejected(["move", prefix, "done"])
        #expect(message.contains("ambiguous") && message.contains("\(sharing.count) cards"))
        try fixture.expectRejected(["delete", prefix.uppercased()])
        try fixture.expectRejected(["edit", prefix, "--title", "x"])
    }

    @Test("Columns and boards that hold cards cannot be removed; duplicates cannot be made")
    func removalsAndDuplicates() throws {
        let (fixture, _) = try Self.fixture()
        defer { fixture.remove() }
        #expect(try fixture.expectRejected(["columns", "remove", "todo"]).contains("still holds 2 cards"))
        try fixture.expectRejected(["boards", "remove", "main"])
        try fixture.expectRejected(["columns", "remove", "only", "--board", "side"])
        try fixture.expectRejected(["boards", "add", "MAIN"])
        try fixture.expectRejected(["columns", "add", "doing"])
        try fixture.expectRejected(["columns", "rename", "todo", "Done"])
        try fixture.expectRejected(["boards", "add", "  "])
    }

    @Test("Usage errors exit with status 2 and append nothing", arguments: [
        ["add"], ["move"], ["move", "abc"], ["add", "t", "--bogus"], ["add", "t", "--at", "abc"], ["add", "t", "--at"],
        ["edit", "abc"], ["edit", "abc", "--due", "2026-01-01", "--no-due"], ["frobnicate"],
        ["generate"], ["generate", "--events", "0"], ["log", "--limit=-1"], ["boards", "rename", "main"],
        ["columns", "add"], ["stats", "extra"],
    ])
    func usageErrors(arguments: [String]) throws {
        let (fixture, _) = try Self.small()
        defer { fixture.remove() }
        try fixture.expectRejected(arguments, status: 2)
    }

    @Test("Rejections on a fresh database make no board either")
    func freshDatabase() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.expectRejected(["add", ""])
        try fixture.expectRejected(["add", "t", "--column", "nope"])
        try fixture.expectRejected(["add", "t", "--due", "soon"])
        #expect(try fixture.kanban.stats().boards == 0)
        #expect(try fixture.kanban.log().isEmpty)
    }

    @Test("A --db that is a regular file, or a directory of something else, is refused with one line")
    func badDatabasePaths() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-cli")
        defer { directory.remove() }
        let file = directory.appending("file")
        try Data("plain".utf8).write(to: URL(fileURLWithPath: file))
        let foreign = directory.appending("foreign")
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try Data(String(repeating: "not lmdb ", count: 2000).utf8).write(to: URL(fileURLWithPath: foreign + "/data.mdb"))
        for (path, hint) in [(file, "Not a directory"), (foreign, "is --db an LMDB environment directory?")] {
            for arguments in [["stats"], ["add", "t"], ["board", "--json"]] {
                let output = try KanbanBinary(database: path).run(arguments)
                #expect(output.status == 1, "\(output)")
                #expect(output.stdout.isEmpty)
                #expect(output.stderrLines.count == 1)
                #expect(output.stderr.contains(hint), "\(output.stderr)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("plain".utf8))
    }
}

/// Counts given on the command line are range-checked before anything runs.
struct CLICountRangeTests {
    @Test("A huge --limit, --events or --boards is a one-line usage error (exit 2) that appends nothing", arguments: [
        ["history", "--limit", "4611686018427387872"], ["deleted", "--limit", "4611686018427387872"],
        ["log", "--limit", "1000000001"], ["generate", "--events", "4611686018427387872"],
        ["generate", "--events", "10", "--boards", "1001"], ["generate", "--events", "10", "--batch-size", "0"],
    ])
    func hugeCounts(arguments: [String]) throws {
        let (fixture, _) = try CLIRejectionTests.small()
        defer { fixture.remove() }
        #expect(try fixture.expectRejected(arguments, status: 2).contains("must be from"))
    }

    @Test("history --limit at the maximum lists everything")
    func largestLimit() throws {
        let (fixture, _) = try CLIRejectionTests.small()
        defer { fixture.remove() }
        let output = try fixture.kanban.run(["history", "--limit", "1000000000"])
        #expect(output.status == 0)
        #expect(output.stdout.split(separator: "\n").count == 2)
    }
}
