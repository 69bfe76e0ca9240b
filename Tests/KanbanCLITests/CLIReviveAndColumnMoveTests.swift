import Foundation
import KanbanTestSupport
import Testing

/// `kanban revive`, `kanban deleted` and `kanban columns move`, and how `log` and `history` show them.
struct CLIReviveAndColumnMoveTests {
    struct DeletedListing: Decodable, Equatable {
        let id: String
        let title: String
        let description: String
        let due: String?
        let column: String?
        let index: Int
        let sequence: Int
        let actor: String
    }

    @Test("deleted lists the deleted cards; revive brings one back to its old place or where asked")
    func revive() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        let kanban = fixture.kanban
        let a = try kanban.add("Write the README", ["--due", "2026-12-01", "--description", "notes"])
        let b = try kanban.add("Second")
        let c = try kanban.add("Third", ["--column", "doing"])
        #expect(try kanban.succeed(["deleted"]).isEmpty)
        try kanban.succeed(["delete", a])
        try kanban.succeed(["delete", c])

        let listing = try kanban.decode([DeletedListing].self, ["deleted", "--json"])
        #expect(listing == [
            DeletedListing(id: c, title: "Third", description: "", due: nil, column: "DOING", index: 0, sequence: 6, actor: "ana"),
            DeletedListing(id: a, title: "Write the README", description: "notes", due: "2026-12-01", column: "TODO", index: 0, sequence: 5, actor: "ana"),
        ])
        let lines = try kanban.succeed(["deleted"]).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("#6 ") && lines[0].hasSuffix(" ana \(c.prefix(8)) 'Third' from DOING"))
        #expect(try kanban.decode([DeletedListing].self, ["deleted", "--json", "--limit", "1"]).map(\.id) == [c])

        let line = try kanban.succeed(["revive", String(a.prefix(6)).uppercased()])
        #expect(line.hasPrefix("#7 ") && line.contains(" ana cardRevived \(a) 'Write the README' to TODO at 0"))
        let json = try jsonObject(try kanban.succeed(["revive", c, "--column", "done", "--at", "0", "--json"])) as? [[String: Any]]
        #expect(json?.first?["kind"] as? String == "cardRevived")
        let board = try kanban.board()
        #expect(board.cardIDs == [[a, b], [], [c]])
        #expect(board.column("TODO")?.cards.first?.due == "2026-12-01")
        #expect(board.column("TODO")?.cards.first?.description == "notes")
        #expect(try kanban.succeed(["deleted", "--json"]) == "[]\n")

        // History and undo speak of it.
        let history = try kanban.succeed(["history", "--lang", "en"])
        #expect(history.contains("  ana  Brought back 'Write the README'.\n"))
        #expect(try kanban.succeed(["history", "--lang", "ko", "--limit", "1"]).hasSuffix("'Third' 카드를 되살렸습니다.\n"))
        #expect(try kanban.succeed(["undo", "--list", "--lang", "fr"]).hasPrefix("Annuler : Récupérer « Third »\n"))
        #expect(try kanban.succeed(["undo", "--lang", "en"]) == "Undid: Brought back 'Third'.\n")
        #expect(try kanban.decode([DeletedListing].self, ["deleted", "--json"]).map(\.id) == [c])
    }

    @Test("revive rejections: one line, exit 1, nothing appended; bad options are usage errors")
    func reviveRejected() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        let live = try kanban.add("live")
        let gone = try kanban.add("gone")
        try kanban.succeed(["delete", gone])
        for arguments in [
            ["revive", "zz"], ["revive", live], ["revive", gone, "--at", "5"], ["revive", gone, "--column", "nope"],
            ["revive", gone, "--board", "nope"], ["revive", ""], ["deleted", "--board", "nope"],
        ] {
            try fixture.expectRejected(arguments)
        }
        #expect(try fixture.expectRejected(["revive", live]) == "kanban: cannot bring back: 'live' is on the board; only a deleted card can be brought back\n")
        try fixture.expectRejected(["revive"], status: 2)
        try fixture.expectRejected(["revive", gone, "--at", "x"], status: 2)
        try fixture.expectRejected(["deleted", "--limit", "-1"], status: 2)
    }

    @Test("columns move puts a column at the index given; where it is already, nothing; out of range, rejected")
    func columnsMove() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        let kanban = fixture.kanban
        let card = try kanban.add("card", ["--column", "doing"])
        let moved = try kanban.succeed(["columns", "move", "doing", "--at", "0"])
        #expect(moved.hasPrefix("#3 ") && moved.hasSuffix(" ana columnMoved 'DOING' from 1 to 0\n"))
        #expect(try kanban.succeed(["columns"]) == "DOING\t1\nTODO\t0\nDONE\t0\n")
        #expect(try kanban.board().cardIDs == [[card], [], []])
        #expect(try kanban.succeed(["columns", "move", "DOING", "--at", "0"]) == "The column is there already.\n")
        let json = try jsonObject(try kanban.succeed(["columns", "move", "todo", "--at", "2", "--json"])) as? [[String: Any]]
        let data = json?.first?["data"] as? [String: Any]
        #expect(data?["fromIndex"] as? Int == 1 && data?["toIndex"] as? Int == 2)
        #expect((data?["column"] as? [String: Any])?["name"] as? String == "TODO")
        #expect(try kanban.board().columns.map(\.name) == ["DOING", "DONE", "TODO"])

        #expect(try fixture.expectRejected(["columns", "move", "done", "--at", "3"])
            == "kanban: index 3 is out of range for column list of main (0...2)\n")
        try fixture.expectRejected(["columns", "move", "done", "--at=-1"])
        try fixture.expectRejected(["columns", "move", "nope", "--at", "0"])
        try fixture.expectRejected(["columns", "move", "done"], status: 2)

        #expect(try kanban.succeed(["history", "--lang", "fr", "--limit", "1"]).hasSuffix("Colonne « TODO » déplacée en position 2.\n"))
        #expect(try kanban.succeed(["undo", "--lang", "en"]) == "Undid: Moved column 'TODO' to position 2.\n")
        #expect(try kanban.board().columns.map(\.name) == ["DOING", "TODO", "DONE"])
        #expect(try kanban.log().map(\.kind).suffix(3) == ["columnMoved", "columnMoved", "undone"])
        try kanban.succeed(["verify"])
    }
}
