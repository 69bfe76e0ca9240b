import ArgumentParser
import KanbanCore

extension KanbanCommand {
    /// `kanban label CARD LABEL [--off]`: puts a label on a card, or takes it off.
    struct Label: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "label",
            abstract: "Put a label on a card, or take it off with --off (make labels with 'kanban labels set')."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The card: its id or a unique prefix.")
        var card: String

        @Argument(help: "The label's name (a label the board has not made shows grey).")
        var label: String

        @Flag(help: "Take the label off instead.")
        var off = false

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            let command: Command = off ? .unlabel(board: global.board, card: card, label: label) : .label(board: global.board, card: card, label: label)
            try runWrite(command, global, json: json, quiet: off ? "The card has no such label." : "The card has that label already.")
        }
    }
}
