import ArgumentParser
import Foundation
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban flow`: the board's flow metrics, folded from the log.
    struct Flow: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "flow",
            abstract: "Show the board's flow: cards per column day by day, lead and cycle times, throughput, work in progress.",
            discussion: """
                Lead time runs from a card's add to its first arrival in the last column; cycle time \
                from its first departure from the first column to that arrival (none for a card added \
                straight into the last column). Percentiles are by nearest rank. Days are local days; \
                weeks are ISO weeks. Undone moves do not count as moves.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("Days from this date or date-time on, and the cards that reached the last column since.", valueName: "date"))
        var since: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("As of this date-time, or the end of this date. Default: now.", valueName: "date"))
        var until: String?

        @Flag(help: "Print the report as JSON.")
        var json = false

        func run() throws {
            let since = try self.since.map { text throws(KanbanError) in try Due(parsing: text).start }
            let until = try self.until.map { text throws(KanbanError) in try Due(parsing: text).end }
            let report = try global.openEngine().history.flow(board: global.board, since: since, until: until, timeZone: .current)
            if json {
                try Output.printJSON(FlowOutput(report: report))
                return
            }
            Output.print(FlowText.text(for: report))
        }
    }
}
