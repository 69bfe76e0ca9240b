import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban edit CARD`: changes a card's title, description or due date.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a card's title, description or due date.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Option(parsing: .unconditional, help: ArgumentHelp("The new title.", valueName: "text"))
        var title: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("The new description.", valueName: "text"))
        var description: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("The new due date: an ISO 8601 date or date-time.", valueName: "date"))
        var due: String?

        @Flag(help: "Remove the due date.")
        var noDue = false

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func validate() throws {
            if due != nil && noDue { throw ValidationError("give either --due or --no-due, not both") }
            if title == nil && description == nil && due == nil && !noDue {
                throw ValidationError("nothing to change: give --title, --description, --due or --no-due")
            }
        }

        func run() throws {
            let dueUpdate: DueUpdate? = try noDue ? .remove : due.map { text throws(KanbanError) in .set(try Due(parsing: text)) }
            try runWrite(.editCard(board: global.board, card: card, title: title, description: description, due: dueUpdate), global, json: json, quiet: "Nothing changed.")
        }
    }
}
