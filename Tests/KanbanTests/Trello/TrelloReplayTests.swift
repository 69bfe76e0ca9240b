@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
@testable import KanbanTrello

/// How ``TrelloReplay`` names the board: `nil` is the import's name; a former Trello name that
/// another board holds gets a number, given the engine's state.
struct TrelloReplayTests {
    @Test("A former name another board holds is numbered; nil is the import's name")
    func formerNames() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        _ = try fixture.engine.execute(.createBoard(name: "Draft board"), actor: "me")
        let state = try fixture.engine.withState { $0 }
        let replay = TrelloReplay()
        #expect(try replay.command(for: .createBoard(name: "Draft board", columns: ["To do"]), board: "Team", in: state)
            == .createBoard(name: "Draft board (2)", columns: ["To do"]))
        #expect(try replay.command(for: .createBoard(name: "draft BOARD", columns: ["To do"]), board: "Team", in: state)
            == .createBoard(name: "draft BOARD (2)", columns: ["To do"]))
        #expect(try replay.command(for: .createBoard(name: "Other", columns: ["To do"]), board: "Team", in: state)
            == .createBoard(name: "Other", columns: ["To do"]))
        #expect(try replay.command(for: .renameBoard(to: nil), board: "Team", in: state) == .renameBoard(board: "Team", to: "Team"))
        #expect(try replay.command(for: .createBoard(name: "Draft board", columns: []), board: "Team") == .createBoard(name: "Draft board", columns: []))
    }
}
