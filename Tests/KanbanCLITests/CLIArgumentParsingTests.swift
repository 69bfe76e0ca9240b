import Foundation
import KanbanTestSupport
import Testing

/// Values are taken as given: titles, descriptions and names that start with a dash, hold
/// commas, Korean or emoji; and a board's columns given one by one.
struct CLIArgumentParsingTests {
    /// The title of the card `id`, read back from the log.
    static func title(of id: String, in kanban: KanbanBinary) throws -> String? {
        let events = try #require(try jsonObject(try kanban.succeed(["log", "--json"])) as? [[String: Any]])
        let cards = events.compactMap { ($0["data"] as? [String: Any])?["card"] as? [String: Any] }
        return cards.first { $0["id"] as? String == id }?["title"] as? String
    }

    @Test("A title that starts with a dash is added with exactly that title", arguments: [
        "-high priority: fix login", "-h", "-help me", "-hotfix", "- Need diagram", "-", "-1", "-x=y", "-디자인 검토", "-🚀",
    ])
    func dashTitle(title: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        // "-h" alone asks for help, as everywhere; after a "--" it is a title like any other.
        let output = title == "-h" ? try fixture.kanban.run(["add"], afterTerminator: [title]) : try fixture.kanban.run(["add", title])
        #expect(output.status == 0 && !output.wasSignalled, "\(output)")
        let id = output.trimmedStdout
        #expect(!output.stdout.contains("USAGE"), "printed the help: \(output.stdout)")
        #expect(try Self.title(of: id, in: fixture.kanban) == title)
        #expect(try fixture.kanban.stats().events == 2)
    }

    @Test("A dash title goes with options before and after it, and the options keep their meaning")
    func dashTitleWithOptions() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try fixture.kanban.add("-high priority: fix login", ["--column", "DOING", "--description", "-h: see -x", "--json"])
        let card = try #require(try fixture.kanban.board().column("DOING")?.cards.first)
        #expect(id.contains(card.id))
        #expect(card.title == "-high priority: fix login")
        #expect(card.description == "-h: see -x")
        let second = try fixture.kanban.succeed(["add", "--due", "2026-12-01", "-urgent", "--at", "0"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let todo = try #require(try fixture.kanban.board().column("TODO"))
        #expect(todo.cards.map(\.id) == [second])
        #expect(todo.cards.first?.title == "-urgent" && todo.cards.first?.due == "2026-12-01")
    }

    @Test("After --, '-h' and '--urgent' are titles; without it, '--urgent' is refused with a hint")
    func terminator() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        for title in ["-h", "--urgent", "--help"] {
            let output = try fixture.kanban.run(["add"], afterTerminator: [title])
            #expect(output.status == 0 && !output.wasSignalled, "\(output)")
            #expect(try Self.title(of: output.trimmedStdout, in: fixture.kanban) == title)
        }
        let refused = try fixture.expectRejected(["add", "--urgent"], status: 2)
        #expect(refused.contains("put -- before it"), "\(refused)")
    }

    @Test("An option value that starts with a dash is taken as given, in every form")
    func dashOptionValues() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try fixture.kanban.add("Diagram")
        try fixture.kanban.succeed(["edit", id, "--description", "- Need diagram"])
        #expect(try fixture.kanban.board().column("TODO")?.cards.first?.description == "- Need diagram")
        try fixture.kanban.succeed(["edit", id, "--description", "-h\n- and a list"])
        #expect(try fixture.kanban.board().column("TODO")?.cards.first?.description == "-h\n- and a list")
        try fixture.kanban.succeed(["edit", id, "--title", "-x", "--description", "--x"])
        #expect(try fixture.kanban.board().column("TODO")?.cards.first?.title == "-x")
        #expect(try fixture.kanban.board().column("TODO")?.cards.first?.description == "--x")
        try fixture.kanban.succeed(["edit", id, "--title=-y"])
        #expect(try fixture.kanban.board().column("TODO")?.cards.first?.title == "-y")
        // A missing title with a '-h…' value is a usage error, not a request for help.
        try fixture.expectRejected(["add", "--description", "-hmm"], status: 2)
        try fixture.expectRejected(["edit", id, "--title"], status: 2)
    }

    @Test("Board, column and actor names that start with a dash, in every subcommand")
    func dashNames() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        try kanban.succeed(["boards", "add", "-ops", "--columns", "-Inbox,Done"])
        try kanban.succeed(["columns", "add", "-Later", "--board", "-ops", "--at", "1"])
        try kanban.succeed(["columns", "rename", "-later", "-Soon", "--board", "-ops"])
        let id = try kanban.add("-h card", ["--board", "-ops", "--actor", "-bot"])
        try kanban.succeed(["move", id, "-Soon", "--board", "-ops"])
        #expect(try kanban.board("-ops").columns.map(\.name) == ["-Inbox", "-Soon", "Done"])
        #expect(try kanban.board("-ops").column("-Soon")?.cards.map(\.title) == ["-h card"])
        let history = try kanban.succeed(["history", "--board", "-ops", "--actor", "-bot", "--card", id])
        #expect(history.contains("-bot") && history.contains("Added '-h card'."), "\(history)")
        try kanban.succeed(["columns", "remove", "-inbox", "--board", "-ops"])
        try kanban.succeed(["boards", "rename", "-ops", "-Ops 2"])
        #expect(try kanban.decode([BoardName].self, ["boards", "--json"]).map(\.name) == ["main", "-Ops 2"])
        // Column names with commas come through --column.
        try kanban.succeed(["boards", "add", "-x", "--column", "-a, b", "--column", "c"])
        #expect(try kanban.board("-x").columns.map(\.name) == ["-a, b", "c"])
    }

    struct BoardName: Decodable { let name: String }

    @Test("Titles with commas, Korean and emoji are kept exactly", arguments: [
        "Fix login, then logout", "디자인 검토 회의", "🚀 Launch 🎉", "a,b,,c", "  Café, ☕️  ",
    ])
    func unicodeTitles(title: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try fixture.kanban.add(title)
        #expect(try Self.title(of: id, in: fixture.kanban) == title.trimmingCharacters(in: .whitespaces))
    }

    @Test("Help still works: kanban --help, -h, add --help, add -h, add -help and help add", arguments: [
        ["--help"], ["-h"], ["add", "--help"], ["add", "-h"], ["add", "-help"], ["help", "add"], ["edit", "abc", "--help"],
        ["boards", "add", "--help"],
    ])
    func help(arguments: [String]) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let output = try Subprocess.run(fixture.kanban.executable, arguments, environment: fixture.kanban.environment)
        #expect(output.status == 0 && !output.wasSignalled, "\(output)")
        #expect(output.stdout.contains("USAGE: kanban"), "\(output.stdout)")
    }

    @Test("boards add --column, once per column, keeps commas and order")
    func repeatedColumn() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.succeed(["boards", "add", "Plans", "--column", "A", "--column", "Ideas, later", "--column", "아이디어"])
        #expect(try fixture.kanban.board("Plans").columns.map(\.name) == ["A", "Ideas, later", "아이디어"])
        // --columns still splits on commas and trims each name; neither gives the default columns.
        try fixture.kanban.succeed(["boards", "add", "Split", "--columns", " A , B "])
        #expect(try fixture.kanban.board("Split").columns.map(\.name) == ["A", "B"])
        try fixture.kanban.succeed(["boards", "add", "Plain"])
        #expect(try fixture.kanban.board("Plain").columns.map(\.name) == ["TODO", "DOING", "DONE"])
    }

    @Test("An empty or blank column list, a blank name in it, or --columns with --column is a usage error", arguments: [
        ["--columns", ""], ["--columns", "  "], ["--columns", "A,,B"], ["--columns", "A,"], ["--columns", ",A"], ["--columns", "A, ,B"],
        ["--column", ""], ["--column", "A", "--column", " "], ["--columns", "A", "--column", "B"],
    ])
    func blankColumns(options: [String]) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.add("first")
        let message = try fixture.expectRejected(["boards", "add", "X"] + options, status: 2)
        #expect(message.contains("column"), "\(message)")
        #expect(try fixture.kanban.stats().boards == 1)
    }
}
