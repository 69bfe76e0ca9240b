import ArgumentParser
import KanbanCore

extension KanbanCommand {
    /// `kanban assign CARD PERSON`: assigns someone to a card.
    struct Assign: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "assign", abstract: "Assign someone to a card.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Argument(help: "Who: a name of 1–50 characters.")
        var person: String

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            try runWrite(.assign(board: global.board, card: card, person: person), global, json: json, quiet: "\(person) is assigned already.")
        }
    }
}
