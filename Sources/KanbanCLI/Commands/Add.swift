import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban add TITLE`: adds a card and prints its id.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a card and print its id.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card's title (1–200 characters).")
        var title: String

        @Option(parsing: .unconditional, help: ArgumentHelp("The card's description (at most 1,000 characters).", valueName: "text"))
        var description: String = ""

        @Option(parsing: .unconditional, help: ArgumentHelp("The due date: an ISO 8601 date or date-time.", valueName: "date"))
        var due: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("The column to add it to. Default: the board's first.", valueName: "column"))
        var column: String?

        @Option(help: ArgumentHelp("0-based position in the column. Default: the end.", valueName: "index"))
        var at: Int?

        @Flag(help: "Print {\"id\": …} as JSON.")
        var json = false

        func run() throws {
            let due = try self.due.map { text throws(KanbanError) in try Due(parsing: text) }
            let command = Command.addCard(board: global.board, title: title, description: description, due: due, column: column, index: at)
            guard let (_, events) = try executeWrite(command, global, json: json) else { return }
            guard let id = events.lazy.compactMap({ event -> CardID? in
                if case .cardAdded(let added) = event.payload { return added.card.id }
                return nil
            }).first else { return }
            if json {
                try Output.printJSON(AddedCardOutput(card: id))
            } else {
                Output.print(id.description)
            }
        }
    }
}
