import Foundation
import KanbanTestSupport
import Testing

/// The executable asks for huge heap pages by reserving a stretch of heap; under a memory limit
/// that must change nothing: a command that fits without the reservation runs.
struct CLIMemoryLimitTests {
    @Test("Under a data limit of 100 to 250 MB (ulimit -d), board, history and stats run as they do without one", arguments: [100_000, 150_000, 250_000])
    func underDataLimit(kilobytes: Int) throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        try fixture.kanban.succeed(["generate", "--events", "3000"])
        for arguments in [["board", "--json"], ["board"], ["history", "--limit", "50"], ["stats"]] {
            let output = try Subprocess.run(
                "/bin/sh", ["-c", "ulimit -d \(kilobytes) && exec \"$0\" \"$@\"", fixture.kanban.executable] + arguments + ["--db", fixture.database],
                environment: fixture.kanban.environment
            )
            #expect(output.status == 0 && !output.wasSignalled, "\(arguments) under \(kilobytes) KB: \(output)")
            #expect(!output.stdout.isEmpty)
        }
    }
}
