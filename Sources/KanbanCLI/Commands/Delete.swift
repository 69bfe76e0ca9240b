import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban delete CARD`: deletes a card (the log keeps it, for history and undo).
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a card.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            try runWrite(.deleteCard(board: global.board, card: card), global, json: json, quiet: "")
        }
    }
}
