import ArgumentParser
import KanbanCore

extension KanbanCommand {
    /// `kanban due-done CARD [--not]`: marks a card's due date done (or not), apart from its column.
    struct DueDone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "due-done",
            abstract: "Mark a card's due date done, or not done with --not (its column stays)."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Flag(name: .customLong("not"), help: "Mark it not done.")
        var notDone = false

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            try runWrite(.markDue(board: global.board, card: card, done: !notDone), global, json: json, quiet: "It is marked so already.")
        }
    }
}
