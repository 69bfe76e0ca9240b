import ArgumentParser
import Foundation
import Kanban

extension KanbanCommand {
    /// `kanban replay`: rebuilds the board state from the whole log and says how fast.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rebuild the board state from the whole log; print events, seconds and events per second."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print {\"events\", \"seconds\", \"eventsPerSecond\"} as JSON.")
        var json = false

        func run() throws {
            let report = try global.openEngine().replay()
            printRate(report, verb: "Replayed", json: json)
        }
    }
}
