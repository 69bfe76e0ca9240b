import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand.Columns {
    /// `kanban columns limit COLUMN N|none`.
    struct Limit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "limit", abstract: "Set a column's work in progress limit (1–999 cards), or lift it with 'none'."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The column (matched case-insensitively).")
        var column: String

        @Argument(help: "The most cards it should hold, or 'none'.")
        var limit: String

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func validate() throws {
            guard limit.lowercased() == "none" || Int(limit) != nil else {
                throw ValidationError("the limit is a number of cards or 'none', not '\(limit)'")
            }
        }

        func run() throws {
            let value = limit.lowercased() == "none" ? nil : Int(limit)
            try runDetail(.setColumnLimit(board: global.board, column: column, limit: value), global, json: json, quiet: "The column has that limit already.")
        }
    }
}
