import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand.Columns {
    /// `kanban columns limit COLUMN N|none [--strict]`.
    struct Limit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "limit",
            abstract: "Set a column's work in progress limit (1–999 cards), or lift it with 'none'.",
            discussion: "A limit only warns: the column takes cards over it. With --strict the column refuses an add, a move into it or a bring-back into it that would put it over (undo, redo and restore are not refused: they put back what was)."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The column (matched case-insensitively).")
        var column: String

        @Argument(help: "The most cards it should hold, or 'none'.")
        var limit: String

        @Flag(help: "Refuse cards over the limit instead of only warning.")
        var strict = false

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func validate() throws {
            guard limit.lowercased() == "none" || Int(limit) != nil else {
                throw ValidationError("the limit is a number of cards or 'none', not '\(limit)'")
            }
            if strict && limit.lowercased() == "none" { throw ValidationError("--strict needs a number of cards, not 'none'") }
        }

        func run() throws {
            let value = limit.lowercased() == "none" ? nil : Int(limit)
            let command: Command = if strict, let value {
                .setStrictColumnLimit(board: global.board, column: column, limit: value)
            } else {
                .setColumnLimit(board: global.board, column: column, limit: value)
            }
            try runWrite(command, global, json: json, quiet: "The column has that limit already.")
        }
    }
}
