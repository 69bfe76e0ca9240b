import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban revive CARD [--column C] [--at I]`: brings back a deleted card.
    struct Revive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revive",
            abstract: "Bring back a deleted card with its id, title, description and due date.",
            discussion: """
                By default it returns to its old column at its old position (or the column's end, \
                when the column has since become shorter). 'kanban deleted' lists the deleted cards.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The deleted card: its id or a unique prefix.")
        var card: String

        @Option(parsing: .unconditional, help: ArgumentHelp("The column to put it in. Default: the one it was deleted from.", valueName: "column"))
        var column: String?

        @Option(help: ArgumentHelp("0-based position in the column. Default: its old one in its old column, else the end.", valueName: "index"))
        var at: Int?

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            try runWrite(.reviveCard(board: global.board, card: card, column: column, index: at), global, json: json, quiet: "")
        }
    }
}
