import Foundation
import KanbanTestSupport
import Testing

/// `kanban import trello EXPORT.json [--board NAME] [--json]`, run as the real binary on the
/// sample export kept with the engine's tests.
struct CLITrelloImportTests {
    static var sample: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KanbanTests/Trello/Fixtures/trello2planka-sample-board.json").path
    }

    @Test("import trello prints its summary; --json its object; again, nothing is appended")
    func summary() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let text = try fixture.kanban.succeed(["import", "trello", Self.sample])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Imported Trello board as 'Simple Project Board': 4 columns (BRAINSTORM 🤔, TODO 📚, DOING ⚙️, DONE! 🙌🏽), 9 open cards, 1 archived.")
        #expect(lines.contains { $0.hasPrefix("Replayed 29 of 31 actions as ") && $0.contains("2022-11-19T19:21:54.992Z to 2022-12-10T19:09:17.019Z") && $0.hasSuffix("by usersample26.") })
        #expect(lines.contains { $0 == "Nothing to import (no meaning on this board): addToOrganizationBoard 1, updateBoard:prefs 1." })
        #expect(!lines.contains { $0.hasPrefix("Not imported:") })
        #expect(lines.contains { $0.hasPrefix("Cut: description of 63792cd280232800fa06fe90, 1022 characters") })
        let stats = try fixture.kanban.stats()

        let again = try fixture.kanban.succeed(["import", "trello", Self.sample, "--json"])
        let object = try #require(try jsonObject(again) as? [String: Any])
        #expect(object["alreadyImported"] as? Bool == true && object["events"] as? Int == 0)
        #expect(object["board"] as? String == "Simple Project Board" && object["trelloBoard"] as? String == "63792cd280232800fa06fe65")
        #expect(try fixture.kanban.stats().events == stats.events)

        // The board as it was in Trello at the end of 2022-11-19 (UTC), by date; its history by Trello's members.
        let board = try fixture.kanban.succeed(["board", "--board", "Simple Project Board", "--at", "2022-11-19T23:59:59Z", "--json"])
        #expect(board.contains("wow, that's a nice simple project board") && !board.contains("a card with two checklists"))
        let history = try fixture.kanban.succeed(["history", "--board", "Simple Project Board", "--since", "2022-11-21T00:00:00Z", "--until", "2022-11-21T23:59:59Z"])
        #expect(history.contains("usersample26") && history.contains("attachments? comments too??") && !history.contains("a card with two checklists"))
        try fixture.kanban.succeed(["verify"])
    }

    @Test("A taken name, a missing file and a file that is not an export are one line each; nothing is appended")
    func refusals() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.succeed(["boards", "add", "Simple Project Board"])
        let taken = try fixture.expectRejected(["import", "trello", Self.sample])
        #expect(taken.contains("a board named 'Simple Project Board' exists already"))
        try fixture.kanban.succeed(["import", "trello", Self.sample, "--board", "-Trello copy, 2022"])
        #expect(try fixture.kanban.succeed(["boards"]).contains("-Trello copy, 2022"))

        let missing = try fixture.expectRejected(["import", "trello", fixture.directory.appending("nope.json")], status: 2)
        #expect(missing.contains("cannot read"))
        let notExport = fixture.directory.appending("list.json")
        try Data("[]".utf8).write(to: URL(fileURLWithPath: notExport))
        #expect(try fixture.expectRejected(["import", "trello", notExport]).contains("not a Trello board export"))
    }
}
