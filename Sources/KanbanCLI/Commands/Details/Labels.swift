import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban labels [list|set|remove]`: the labels `--board` offers.
    struct Labels: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "labels",
            abstract: "List the board's labels, or make, recolour and remove them (put them on cards with 'kanban label').",
            subcommands: [List.self, Set.self, Remove.self],
            defaultSubcommand: List.self
        )

        /// `kanban labels list`.
        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the board's labels and their colours.")

            @OptionGroup var global: GlobalOptions

            @Flag(help: "Print the labels as JSON.")
            var json = false

            func run() throws {
                let labels = try global.openEngine().boardView(named: global.board).details.labels
                try Output.list(labels, json: json, form: BoardLabelOutput.init) { "\($0.name)\t\($0.colour)" }
            }
        }

        /// `kanban labels set NAME COLOUR`.
        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "set", abstract: "Make a label, or give it another colour.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The label's name (1–50 characters).")
            var name: String

            @Argument(help: "Its colour: \(BoardLabel.colours.joined(separator: ", ")).")
            var colour: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.setLabel(board: global.board, name: name, colour: colour), global, json: json, quiet: "The label has that colour already.")
            }
        }

        /// `kanban labels remove NAME`.
        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Remove a label from the board (cards keep its name, shown grey)."
            )

            @OptionGroup var global: GlobalOptions

            @Argument(help: "The label's name.")
            var name: String

            @Flag(help: "Print the appended events as JSON.")
            var json = false

            func run() throws {
                try runWrite(.setLabel(board: global.board, name: name, colour: nil), global, json: json, quiet: "The board has no such label.")
            }
        }
    }
}
