import ArgumentParser
import Foundation
import Kanban

extension KanbanCommand {
    /// `kanban replay`: rebuilds the board state and says how, and how fast.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Rebuild the state (newest snapshot + the events after it, or the whole log); say how and how fast.",
            discussion: "eventsPerSecond counts the events replayed (the tail), not those a snapshot covered."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Replay the whole log, ignoring snapshots.")
        var ignoreSnapshots = false

        @Flag(help: "Print {\"events\", \"seconds\", \"eventsPerSecond\", \"snapshot\", \"tailEvents\"} as JSON.")
        var json = false

        func run() throws {
            let report = try global.openEngine().replay(ignoringSnapshots: ignoreSnapshots)
            try printRate(report, verb: "Replayed", json: json)
        }
    }
}
