import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban columns [list|add|rename|move|remove]`: lists and manages the columns of `--board`.
    struct Columns: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "columns",
            abstract: "List the board's columns, or add, rename, move, remove and limit them.",
            subcommands: [List.self, Add.self, Rename.self, Move.self, Remove.self, Limit.self],
            defaultSubcommand: List.self
        )

        /// `kanban columns list`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the board's columns with their card counts.")

            @OptionGroup var global: GlobalOptions

            @Flag(help: "Print the columns as JSON.")
            var json = false

            func run() throws {
                let columns = try global.openEngine().boardView(named: global.board).columns
                try Output.list(columns, json: json, form: ColumnSummaryOutput.init(view:)) { "\($0.name)\t\($0.cards.count)" }
            }
        }

        /// `kanban columns add NAME [--at INDEX]`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a column.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The new column's name.")
            var name: String

            @Option(help: ArgumentHelp("0-based position among the columns. Default: after the last.", valueName: "index"))
            var at: Int?

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.addColumn(board: global.board, name: name, index: at), global, json: json, quiet: "")
            }
        }

        /// `kanban columns rename COLUMN NEW-NAME`.
        struct Rename: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a column.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The column's name now (matched case-insensitively).")
            var column: String

            @Argument(help: "Its new name.")
            var newName: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.renameColumn(board: global.board, column: column, to: newName), global, json: json, quiet: "Nothing changed.")
            }
        }

        /// `kanban columns move COLUMN --at INDEX`.
        struct Move: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a column to another position among the columns.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The column's name (matched case-insensitively).")
            var column: String

            @Option(help: ArgumentHelp("0-based position among the columns.", valueName: "index"))
            var at: Int

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.moveColumn(board: global.board, column: column, index: at), global, json: json, quiet: "The column is there already.")
            }
        }

        /// `kanban columns remove COLUMN`.
        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a column that holds no cards.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The column's name (matched case-insensitively).")
            var column: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.removeColumn(board: global.board, column: column), global, json: json, quiet: "")
            }
        }
    }
}
