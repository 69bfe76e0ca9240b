import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban move CARD COLUMN [--at INDEX]`: moves a card, or reorders it within its column.
    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move",
            abstract: "Move a card to a column, or to another place in its own column."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Argument(help: "The target column (matched case-insensitively).")
        var column: String

        @Option(help: ArgumentHelp("0-based position in the target column. Default: the end.", valueName: "index"))
        var at: Int?

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            try runWrite(.moveCard(board: global.board, card: card, column: column, index: at), global, json: json, quiet: "The card is there already.")
        }
    }
}
