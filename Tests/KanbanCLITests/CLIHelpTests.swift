import ArgumentParser
import Foundation
import KanbanCLI
import KanbanTestSupport
import Testing

/// Help, and the command line run in-process through ``KanbanCommand/run(_:)``.
struct CLIHelpTests {
    @Test(
        "--help prints the usage on standard output and exits 0",
        arguments: [["--help"], ["help"], ["add", "--help"], ["boards", "--help"]]
    )
    func help(arguments: [String]) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let output = try Subprocess.run(fixture.kanban.executable, arguments, environment: fixture.kanban.environment)
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("USAGE: kanban"), "\(output.stdout)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test(
        "kanban with no subcommand prints the usage and exits 0"
    )
    func noSubcommand() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let output = try Subprocess.run(fixture.kanban.executable, [], environment: fixture.kanban.environment)
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("USAGE: kanban"), "\(output.stdout)")
    }

    @Test("Every command names itself: without a commandName ArgumentParser derives it with String(describing:), whose dynamic casts scan every conformance in the binary, once per command and process")
    func everyCommandNamesItself() {
        var unnamed: [String] = []
        var pending: [any ParsableCommand.Type] = [KanbanCommand.self]
        while let command = pending.popLast() {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            pending += command.configuration.subcommands
        }
        #expect(unnamed.isEmpty)
    }

    @Test("KanbanCommand.run returns 0 on success, 1 for a rejected command and 2 for a usage error")
    func exitStatuses() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-cli-inprocess")
        defer { directory.remove() }
        let database = directory.appending("db")
        #expect(KanbanCommand.run(["stats", "--json", "--db", database]) == 0)
        #expect(KanbanCommand.run(["move", "nope", "done", "--db", database, "--actor", "lib"]) == 1)
        #expect(KanbanCommand.run(["add", "--db", database]) == 2)
        #expect(KanbanCommand.run(["add", "t", "--due", "someday", "--db", database, "--actor", "lib"]) == 1)
        // Nothing was appended by any of them.
        #expect(KanbanCommand.run(["log", "--json", "--db", database]) == 0)
        let stats = try KanbanBinary(database: database).stats()
        #expect(stats.events == 0)
    }
}
