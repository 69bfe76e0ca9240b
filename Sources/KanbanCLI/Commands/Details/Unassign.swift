import ArgumentParser
import KanbanCore

extension KanbanCommand {
    /// `kanban unassign CARD PERSON`: unassigns someone from a card.
    struct Unassign: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unassign", abstract: "Unassign someone from a card.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Argument(help: "Who, as assigned.")
        var person: String

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            try runWrite(.unassign(board: global.board, card: card, person: person), global, json: json, quiet: "\(person) is not assigned.")
        }
    }
}
