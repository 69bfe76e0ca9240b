import Foundation
import KanbanTestSupport
import Testing

/// The `kanban` executable leaves its engine for exit to drop instead of freeing the state:
/// nothing of the database may depend on the engine being closed.
struct CLIProcessExitTests {
    @Test("More processes than LMDB has reader slots (126), each exiting without closing its engine, leave none taken: reads and writes still work, and a snapshot a command scheduled is written")
    func processesLeaveNoReaderSlots() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        for index in 0..<140 {
            if index.isMultiple(of: 2) {
                try fixture.kanban.succeed(["stats"])
            } else {
                _ = try fixture.kanban.add("card \(index)")
            }
        }
        try fixture.kanban.succeed(["history", "--limit", "3"])
        let board = try fixture.kanban.succeed(["board"])
        #expect(board.contains("card 139"))
        // With a snapshot every 150 events, the add that crosses #150 schedules one, and its
        // process writes it before it exits.
        var environment = fixture.kanban.environment
        environment["KANBAN_SNAPSHOT_INTERVAL"] = "150"
        for index in 0..<80 {
            let output = try Subprocess.run(fixture.kanban.executable, ["add", "more \(index)", "--db", fixture.database], environment: environment)
            #expect(output.status == 0, "\(output)")
        }
        #expect(try fixture.kanban.succeed(["snapshots"]).contains("#150"))
        try fixture.kanban.succeed(["verify"])
    }
}
