import Foundation
import KanbanTestSupport
import Testing

/// `kanban boards` and `kanban columns`: list, add, rename, remove.
struct CLIBoardsAndColumnsTests {
    struct BoardListing: Decodable, Equatable {
        let name: String
        let columns: [ColumnListing]
        let cards: Int
    }

    struct ColumnListing: Decodable, Equatable {
        let name: String
        let cards: Int
    }

    @Test("boards add, rename and remove")
    func boards() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        // Before anything is written, main is listed as it will be made.
        #expect(try kanban.decode([BoardListing].self, ["boards", "--json"]) == [
            BoardListing(name: "main", columns: [.init(name: "TODO", cards: 0), .init(name: "DOING", cards: 0), .init(name: "DONE", cards: 0)], cards: 0),
        ])
        try kanban.add("on main")
        try kanban.succeed(["boards", "add", "Side", "--columns", "Backlog,Doing,Done"])
        let id = try kanban.add("on side", ["--board", "side", "--column", "doing"])
        var listing = try kanban.decode([BoardListing].self, ["boards", "list", "--json"])
        #expect(listing.map(\.name) == ["main", "Side"])
        #expect(listing[1].columns == [.init(name: "Backlog", cards: 0), .init(name: "Doing", cards: 1), .init(name: "Done", cards: 0)])
        #expect(listing.map(\.cards) == [1, 1])
        #expect(try kanban.board("SIDE").cardIDs == [[], [id], []])

        try kanban.succeed(["boards", "rename", "side", "Projects"])
        try fixture.expectRejected(["board", "--board", "side"])
        #expect(try kanban.board("projects").board == "Projects")

        try fixture.expectRejected(["boards", "remove", "projects"])
        try kanban.succeed(["delete", id, "--board", "Projects"])
        try kanban.succeed(["boards", "remove", "Projects"])
        listing = try kanban.decode([BoardListing].self, ["boards", "--json"])
        #expect(listing.map(\.name) == ["main"])
        #expect(try kanban.stats().boards == 1)

        // The text listing: one line per board.
        #expect(try kanban.succeed(["boards"]) == "main\tTODO 1, DOING 0, DONE 0\n")
    }

    @Test("columns add, rename and remove, matched case-insensitively")
    func columns() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        try kanban.add("card")
        try kanban.succeed(["columns", "add", "Review", "--at", "2"])
        try kanban.succeed(["columns", "add", "Archive"])
        try kanban.succeed(["columns", "add", "Inbox", "--at", "0"])
        func names() throws -> [String] { try kanban.decode([ColumnListing].self, ["columns", "--json"]).map(\.name) }
        #expect(try names() == ["Inbox", "TODO", "DOING", "Review", "DONE", "Archive"])
        #expect(try kanban.board().columns.map(\.name) == ["Inbox", "TODO", "DOING", "Review", "DONE", "Archive"])

        try kanban.succeed(["columns", "rename", "REVIEW", "In review"])
        try kanban.succeed(["columns", "remove", "inbox"])
        try kanban.succeed(["columns", "remove", "ARCHIVE"])
        #expect(try names() == ["TODO", "DOING", "In review", "DONE"])
        let listing = try kanban.decode([ColumnListing].self, ["columns", "list", "--json"])
        #expect(listing.map(\.cards) == [1, 0, 0, 0])
        #expect(try kanban.succeed(["columns"]) == "TODO\t1\nDOING\t0\nIn review\t0\nDONE\t0\n")

        // Card commands see the renamed column under its new name only.
        let id = try kanban.add("reviewed", ["--column", "in REVIEW"])
        #expect(try kanban.board().column("In review")?.cards.map(\.id) == [id])
        try fixture.expectRejected(["move", id, "review"])
    }

    @Test("Renaming to the same name changes nothing and says so")
    func renameNoOp() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.add("card")
        let before = try fixture.kanban.stats().events
        #expect(try fixture.kanban.succeed(["columns", "rename", "todo", "TODO"]) == "Nothing changed.\n")
        #expect(try fixture.kanban.succeed(["boards", "rename", "main", "main"]) == "Nothing changed.\n")
        #expect(try fixture.kanban.stats().events == before)
    }
}
