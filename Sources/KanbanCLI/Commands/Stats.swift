import ArgumentParser
import Kanban
import KanbanOutput

extension KanbanCommand {
    /// `kanban stats`: events, live cards, database size.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "Print the number of events, live cards and the database size.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print the figures as JSON.")
        var json = false

        func run() throws {
            let statistics = try global.openEngine().statistics()
            if json {
                try Output.printJSON(StatsOutput(statistics: statistics))
            } else {
                Output.print("""
                    events:         \(statistics.events)
                    last sequence:  \(statistics.lastSequence)
                    live cards:     \(statistics.liveCards)
                    boards:         \(statistics.boards)
                    database size:  \(statistics.databaseBytes) bytes
                    map size:       \(statistics.mapBytes) bytes
                    """)
            }
        }
    }
}
