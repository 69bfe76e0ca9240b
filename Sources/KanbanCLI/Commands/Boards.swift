import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban boards [list|add|rename|remove]`: lists and manages boards.
    struct Boards: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "boards",
            abstract: "List boards, or add, rename and remove them.",
            subcommands: [List.self, Add.self, Rename.self, Remove.self, Visibility.self],
            defaultSubcommand: List.self
        )

        /// `kanban boards list`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the boards with their columns and card counts.")

            @OptionGroup var global: GlobalOptions

            @Flag(help: "Print the boards as JSON.")
            var json = false

            func run() throws {
                let boards = try global.openEngine().boardSummaries()
                if json {
                    try Output.printJSON(boards)
                } else {
                    for board in boards {
                        let columns = board.columns.map { "\($0.name) \($0.cards)" }.joined(separator: ", ")
                        Output.line("\(board.name)\t\(columns)")
                    }
                }
            }
        }

        /// `kanban boards add NAME [--columns A,B | --column A --column B]`.
        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add",
                abstract: "Make a board.",
                discussion: """
                    Give its columns with --columns (comma-separated) or with --column once per \
                    column (a name may then hold commas), not both. Without either: TODO, DOING, DONE. \
                    An empty list or a blank name in it is a usage error.
                    """
            )

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The new board's name.")
            var name: String

            @Option(parsing: .unconditional, help: ArgumentHelp("Its columns, comma-separated. Default: TODO,DOING,DONE.", valueName: "names"))
            var columns: String?

            @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("One column; repeat it for each, in order.", valueName: "name"))
            var column: [String] = []

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func validate() throws {
                if columns != nil && !column.isEmpty { throw ValidationError("give either --columns or --column, not both") }
                if let columns, columns.allSatisfy(\.isWhitespace) {
                    throw ValidationError("--columns needs at least one column name")
                }
                if columnNames.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
                    throw ValidationError(columns.map { "--columns '\($0)' has a blank column name" } ?? "a --column name is blank")
                }
            }

            /// The names given, in order; empty for the default columns.
            var columnNames: [String] {
                columns.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? column
            }

            func run() throws {
                try runWrite(.createBoard(name: name, columns: columnNames), global, json: json, quiet: "")
            }
        }

        /// `kanban boards rename NAME NEW-NAME`.
        struct Rename: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a board.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The board's name now.")
            var name: String

            @Argument(help: "Its new name.")
            var newName: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.renameBoard(board: name, to: newName), global, json: json, quiet: "Nothing changed.")
            }
        }

        /// `kanban boards remove NAME`.
        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a board that holds no cards.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The board's name.")
            var name: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.removeBoard(board: name), global, json: json, quiet: "")
            }
        }

        /// `kanban boards visibility NAME open|members|public`.
        struct Visibility: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "visibility",
                abstract: "Say who may see a board: open (everyone signed in may edit it), members (only its members), public (everyone may read it)."
            )

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The board's name.")
            var name: String

            @Argument(help: "open, members or public.")
            var visibility: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                let visibility: BoardVisibility
                do { visibility = try BoardVisibility(named: self.visibility) } catch { throw ValidationError("'\(self.visibility)' is not a visibility: open, members or public") }
                try runWrite(.setVisibility(board: name, visibility: visibility), global, json: json, quiet: "Board '\(name)' is \(visibility.rawValue) already.")
            }
        }
    }
}
