import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban verify`: replays from scratch and compares with every snapshot and the open state.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Replay the whole log from scratch, decoding every byte, and compare with every snapshot and the open state.",
            discussion: "Exits 1 and names the first difference."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print {\"events\", \"snapshots\", \"ok\", \"difference\"} as JSON.")
        var json = false

        func run() throws {
            let report = try global.openEngine().verify()
            if json {
                try Output.printJSON(VerifyOutput(report: report))
            } else if report.firstDifference == nil {
                Output.print("OK: \(report.events) events replayed, \(report.snapshots) snapshot\(report.snapshots == 1 ? "" : "s") and the open state agree.")
            }
            if let difference = report.firstDifference {
                Output.error("kanban: verify failed: \(difference)")
                throw ExitCode(1)
            }
        }
    }
}
