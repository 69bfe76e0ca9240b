import Foundation
import KanbanTestSupport
import Testing

/// Titles, names and actors may hold ESC, CR, LF and bidirectional overrides (the API and a
/// Trello import take any text): text output shows them escaped, so they can neither drive the
/// terminal nor fake a line of history.
struct CLITerminalInjectionTests {
    static let evilTitle = "ok\u{1B}[2J\u{1B}]0;pwned\u{07}\r\nAdded 'fake'.\u{202E}txt"

    static func printsNoControl(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            scalar != "\n" && scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value))
        }
    }

    @Test("history, log, deleted, diff, board and boards print control characters escaped, one line per entry")
    func escaped() throws {
        let fixture = try CLIFixture(actor: "mal\u{1B}[31mlory")
        defer { fixture.remove() }
        let id = try fixture.kanban.add(Self.evilTitle)
        try fixture.kanban.succeed(["boards", "add", "side\u{1B}[1m", "--columns", "A\rB"])
        let board = try fixture.kanban.succeed(["board"])
        #expect(Self.printsNoControl(board))
        #expect(board.contains("\\u{1B}[2J"))
        for arguments in [["history"], ["log"], ["boards"], ["columns", "--board", "side\u{1B}[1m"]] {
            let output = try fixture.kanban.succeed(arguments)
            #expect(Self.printsNoControl(output), "\(arguments): \(output.debugDescription)")
            #expect(!output.contains("\nAdded 'fake'."), "\(arguments)")
        }
        let history = try fixture.kanban.succeed(["history"])
        #expect(history.split(separator: "\n").count == 2, "\(history.debugDescription)")
        #expect(history.contains("\\r\\nAdded 'fake'."))
        #expect(history.contains("mal\\u{1B}[31mlory"))
        try fixture.kanban.succeed(["delete", id])
        for arguments in [["deleted"], ["diff", "--from", "1"], ["history", "--card", id]] {
            let output = try fixture.kanban.succeed(arguments)
            #expect(Self.printsNoControl(output), "\(arguments): \(output.debugDescription)")
        }
        // JSON keeps the exact text: it is data, escaped by JSON's own rules.
        let json = try fixture.kanban.succeed(["history", "--json"])
        #expect(json.contains("\\u001b[2J"))
    }

    @Test("A rejection naming such text is one escaped line on standard error")
    func rejection() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.add("x")
        let line = try fixture.expectRejected(["add", "y", "--board", "no\r\nkanban: fake\u{1B}[2J"])
        #expect(Self.printsNoControl(line))
    }
}
