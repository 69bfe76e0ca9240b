import Foundation
import KanbanCore
import KanbanTestSupport
import Testing

/// `kanban add`, `move`, `edit`, `delete` and `board --json`, run as the real binary.
struct CLIBoardTests {
    /// Whether `text` is a lowercase UUID.
    static func isUUID(_ text: String) -> Bool {
        Identifier(text) != nil && text == text.lowercased()
    }

    @Test("add prints the new card's id; --json prints {\"id\": …}")
    func addPrintsID() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let plain = try fixture.kanban.run("add", "Write the README")
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty)
        let id = plain.trimmedStdout
        #expect(Self.isUUID(id), "\(plain)")

        let json = try fixture.kanban.run("add", "Second", "--json")
        #expect(json.status == 0)
        let object = try #require(try jsonObject(json.stdout) as? [String: Any])
        #expect(Set(object.keys) == ["id"])
        let second = try #require(object["id"] as? String)
        #expect(Self.isUUID(second))
        #expect(json.trimmedStdout == "{\"id\":\"\(second)\"}")

        let board = try fixture.kanban.board()
        #expect(board.cardIDs == [[id, second], [], []])
    }

    @Test("board --json has exactly the documented shape")
    func boardShape() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        // A fresh database shows main with its three empty columns.
        #expect(try fixture.kanban.succeed(["board", "--json"]) == """
            {"board":"main","columns":[{"cards":[],"name":"TODO"},{"cards":[],"name":"DOING"},{"cards":[],"name":"DONE"}]}

            """)
        let late = try fixture.kanban.add("Late \"quoted\" 회의", ["--due", "2020-01-01", "--description", "line one\nline two"])
        let soon = try fixture.kanban.add("Été 🎉", ["--column", "doing", "--due", "2999-12-31T23:00:00Z"])
        #expect(try fixture.kanban.succeed(["board", "--json"]) == """
            {"board":"main","columns":[{"cards":[{"description":"line one\\nline two","due":"2020-01-01","id":"\(late)",\
            "overdue":true,"title":"Late \\"quoted\\" 회의"}],"name":"TODO"},{"cards":[{"description":"","due":"2999-12-31T23:00:00Z",\
            "id":"\(soon)","overdue":false,"title":"Été 🎉"}],"name":"DOING"},{"cards":[],"name":"DONE"}]}

            """)

        // Every object has exactly its documented keys.
        let root = try #require(try jsonObject(try fixture.kanban.succeed(["board", "--json"])) as? [String: Any])
        #expect(Set(root.keys) == ["board", "columns"])
        let columns = try #require(root["columns"] as? [[String: Any]])
        for column in columns {
            #expect(Set(column.keys) == ["name", "cards"])
            for card in try #require(column["cards"] as? [[String: Any]]) {
                #expect(Set(card.keys) == ["id", "title", "description", "due", "overdue"])
            }
        }
    }

    @Test("Cards stay in board order through adds, moves and reorders")
    func boardOrder() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        var ids: [String: String] = [:]
        for title in ["a", "b", "c", "d"] { ids[title] = try kanban.add(title) }
        ids["x"] = try kanban.add("x", ["--at", "1"])
        ids["y"] = try kanban.add("y", ["--column", "DONE"])
        func titles() throws -> [[String]] { try kanban.board().columns.map { $0.cards.map(\.title) } }
        #expect(try titles() == [["a", "x", "b", "c", "d"], [], ["y"]])

        try kanban.succeed(["move", ids["d"]!, "todo", "--at", "0"])
        #expect(try titles() == [["d", "a", "x", "b", "c"], [], ["y"]])
        try kanban.succeed(["move", ids["a"]!, "TODO", "--at", "3"])
        #expect(try titles() == [["d", "x", "b", "a", "c"], [], ["y"]])
        try kanban.succeed(["move", ids["x"]!, "Doing"])
        try kanban.succeed(["move", ids["c"]!, "doing", "--at", "0"])
        try kanban.succeed(["move", ids["b"]!, "done", "--at", "0"])
        #expect(try titles() == [["d", "a"], ["c", "x"], ["b", "y"]])
        // Moving a card to where it is changes nothing.
        let count = try kanban.stats().events
        let same = try kanban.run("move", ids["d"]!, "todo", "--at", "0")
        #expect(same.status == 0)
        #expect(try kanban.stats().events == count)

        try kanban.succeed(["delete", ids["a"]!])
        try kanban.succeed(["edit", ids["c"]!, "--title", "c2", "--description", "now with words"])
        let board = try kanban.board()
        #expect(board.columns.map { $0.cards.map(\.title) } == [["d"], ["c2", "x"], ["b", "y"]])
        #expect(board.column("DOING")?.cards.first?.description == "now with words")
        #expect(board.cardIDs == [[ids["d"]!], [ids["c"]!, ids["x"]!], [ids["b"]!, ids["y"]!]])
    }

    @Test("A past due date is overdue outside the last column, and not once moved to DONE")
    func overdue() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        let late = try kanban.add("late", ["--due", "2020-01-01"])
        let lateMoment = try kanban.add("late moment", ["--due", "2021-06-01T12:00:00+02:00", "--column", "doing"])
        let future = try kanban.add("future", ["--due", "2999-01-01"])
        let none = try kanban.add("none")
        var cards = Dictionary(uniqueKeysWithValues: try kanban.board().columns.flatMap(\.cards).map { ($0.id, $0) })
        #expect(cards[late]?.overdue == true)
        #expect(cards[late]?.due == "2020-01-01")
        #expect(cards[lateMoment]?.overdue == true)
        #expect(cards[lateMoment]?.due == "2021-06-01T10:00:00Z")
        #expect(cards[future]?.overdue == false)
        #expect(cards[none]?.overdue == false)
        #expect(cards[none]?.due == nil)

        try kanban.succeed(["move", late, "DONE"])
        try kanban.succeed(["move", lateMoment, "done", "--at", "0"])
        cards = Dictionary(uniqueKeysWithValues: try kanban.board().columns.flatMap(\.cards).map { ($0.id, $0) })
        #expect(cards[late]?.overdue == false)
        #expect(cards[lateMoment]?.overdue == false)

        // Edits change and remove the due date.
        try kanban.succeed(["edit", future, "--due", "2020-02-02"])
        try kanban.succeed(["edit", late, "--no-due"])
        cards = Dictionary(uniqueKeysWithValues: try kanban.board().columns.flatMap(\.cards).map { ($0.id, $0) })
        #expect(cards[future]?.overdue == true)
        #expect(cards[late]?.due == nil)
    }

    @Test("Cards are referred to by any unique prefix of their id, in either case")
    func uniquePrefixes() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        let ids = try ["one", "two", "three", "four"].map { try kanban.add($0) }
        let prefixes = ids.map { uniquePrefix(of: $0, among: ids) }
        try kanban.succeed(["move", prefixes[0], "done"])
        try kanban.succeed(["edit", prefixes[1].uppercased(), "--title", "TWO"])
        try kanban.succeed(["delete", String(ids[2].prefix(13))])
        try kanban.succeed(["move", ids[3].uppercased(), "doing"])
        let board = try kanban.board()
        #expect(board.columns.map { $0.cards.map(\.title) } == [["TWO"], ["four"], ["one"]])
    }

    @Test("Titles in Korean, French and emoji, and descriptions, come back unchanged")
    func unicode() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let titles = ["디자인 검토 회의", "Préparer la réunion d'été", "Ship 🚀 👩‍👩‍👧‍👦", "e\u{301}te\u{301}"]
        for title in titles { try fixture.kanban.add(title, ["--description", "ça va? 잘 돼요 ✅"]) }
        let board = try fixture.kanban.board()
        #expect(board.columns[0].cards.map(\.title) == titles)
        #expect(board.columns[0].cards.allSatisfy { $0.description == "ça va? 잘 돼요 ✅" })
        // Titles are trimmed.
        try fixture.kanban.add("  spaced out  ")
        #expect(try fixture.kanban.board().columns[0].cards.last?.title == "spaced out")
    }

    @Test("The text board shows columns with counts and short ids, overdue cards marked")
    func textBoard() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let id = try fixture.kanban.add("Late card", ["--due", "2020-01-01"])
        try fixture.kanban.add("회의", ["--column", "doing"])
        let text = try fixture.kanban.succeed(["board"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "main")
        #expect(lines[1].contains("TODO (1)") && lines[1].contains("DOING (1)") && lines[1].contains("DONE (0)"))
        #expect(text.contains("!\(id.prefix(8)) Late card"))
        #expect(text.contains("due 2020-01-01 (overdue)"))
        #expect(!text.contains("\u{1B}["), "no colour when standard output is not a terminal")
    }

    @Test("Commands given --json print the events they appended; a no-op prints []")
    func commandJSON() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        let a = try kanban.add("a")
        try kanban.add("b")
        func events(_ arguments: [String]) throws -> [[String: Any]] {
            try #require(try jsonObject(try kanban.succeed(arguments + ["--json"])) as? [[String: Any]])
        }
        let moved = try events(["move", a, "todo", "--at", "1"])
        #expect(moved.map { $0["kind"] as? String } == ["cardMoved"])
        let data = try #require(moved.first?["data"] as? [String: Any])
        #expect(data["card"] as? String == a)
        #expect(data["fromIndex"] as? Int == 0)
        #expect(data["toIndex"] as? Int == 1)
        #expect(data["title"] as? String == "a")
        #expect(try events(["move", a, "todo", "--at", "1"]).isEmpty)
        #expect(try events(["edit", a, "--due", "2026-01-02"]).map { $0["kind"] as? String } == ["cardEdited"])
        #expect(try events(["columns", "add", "Later"]).map { $0["kind"] as? String } == ["columnAdded"])
        #expect(try events(["boards", "add", "Other"]).map { $0["kind"] as? String } == ["boardCreated"])
        let deleted = try events(["delete", a])
        let card = try #require((deleted.first?["data"] as? [String: Any])?["card"] as? [String: Any])
        #expect(card["title"] as? String == "a")
        #expect(card["due"] as? String == "2026-01-02")
        #expect(try kanban.log().map(\.sequence) == Array(1...8))
    }

    @Test("Control characters and quotes in titles survive the JSON output")
    func jsonEscaping() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        // (Arguments cannot hold NUL; trailing whitespace such as U+2028 would be trimmed.)
        let title = "tab\there \u{1} \"q\" back\\slash\u{7F} \u{2028} end"
        try fixture.kanban.add(title, ["--description", "\r\n\u{1F}x"])
        let card = try #require(try fixture.kanban.board().columns.first?.cards.first)
        #expect(card.title == title)
        #expect(card.description == "\r\n\u{1F}x")
    }
}
