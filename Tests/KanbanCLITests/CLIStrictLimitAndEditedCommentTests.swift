import Foundation
import KanbanTestSupport
import Testing

/// `kanban columns limit … --strict` refuses cards over the limit; `kanban comments list` and
/// `kanban card` mark edited comments.
struct CLIStrictLimitAndEditedCommentTests {
    @Test("A strict limit refuses an add, a move and a revive with one line and status 1; without --strict it only warns")
    func strictLimit() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        try kanban.add("busy", ["--column", "DOING"])
        let waiting = try kanban.add("waiting")
        let gone = try kanban.add("gone", ["--column", "DOING"])
        try kanban.succeed(["delete", gone])
        try kanban.succeed(["columns", "limit", "doing", "1", "--strict"])
        let refusal = "kanban: column 'DOING' is full: its strict limit is 1 card; move a card out or raise the limit first\n"
        #expect(try fixture.expectRejected(["add", "more", "--column", "DOING"]) == refusal)
        #expect(try fixture.expectRejected(["move", waiting, "DOING"]) == refusal)
        #expect(try fixture.expectRejected(["revive", gone]) == refusal)
        let json = try JSONTree(parsing: try kanban.succeed(["board", "--json"]))
        #expect(try #require(json["columns"]?.elements).map { $0["strict"] } == [nil, .bool(true), nil])
        // --strict needs a number: a usage error.
        try fixture.expectRejected(["columns", "limit", "DOING", "none", "--strict"], status: 2)
        // The same limit without --strict only warns.
        try kanban.succeed(["columns", "limit", "DOING", "1"])
        try kanban.succeed(["move", waiting, "DOING"])
        #expect(try JSONTree(parsing: try kanban.succeed(["board", "--json"]))["columns"]?.elements?[1]["strict"] == nil)
        #expect(try kanban.succeed(["history"]).contains("Limited column 'DOING' to 1 cards, strictly: it refuses more."))
    }

    @Test("comments list and card mark an edited comment with the time of its edit; the JSON has \"edited\"")
    func editedComment() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let kanban = fixture.kanban
        let card = try kanban.add("Commented")
        try kanban.succeed(["comments", "add", card, "as written"])
        try kanban.succeed(["comments", "add", card, "draft"])
        let ids = try kanban.succeed(["comments", "list", card]).split(separator: "\n").map { String($0.prefix(8)) }
        try kanban.succeed(["comments", "edit", card, ids[1], "final"])
        let lines = try kanban.succeed(["comments", "list", card]).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(!lines[0].contains("(edited"))
        #expect(lines[1].contains("(edited 20") && lines[1].hasSuffix("\tfinal"), "\(lines[1])")
        #expect(try kanban.succeed(["card", card]).contains("(edited 20"))
        let json = try JSONTree(parsing: try kanban.succeed(["card", card, "--json"]))
        let comments = try #require(json["comments"]?.elements)
        #expect(comments[0]["edited"] == nil)
        guard case .string(let edited)? = comments[1]["edited"] else { Issue.record("no \"edited\" in \(comments[1])"); return }
        #expect(edited.hasPrefix("20") && lines[1].contains("(edited \(edited))"))
        // Undone, the edit takes its mark with it.
        try kanban.succeed(["undo"])
        #expect(!(try kanban.succeed(["comments", "list", card]).contains("(edited")))
    }
}
