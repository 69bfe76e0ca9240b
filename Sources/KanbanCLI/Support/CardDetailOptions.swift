import ArgumentParser
import KanbanCore

/// All that a subcommand changing one detail of a card takes, in this order: the
/// ``GlobalOptions``, the card, the detail (``CardDetailArgument``), what it changes the detail
/// to (`Change`: ``NewTextArgument``, or ``NoArguments`` where the subcommand's name says it)
/// and `--json`: `kanban assign CARD PERSON`, `kanban comments edit CARD COMMENT TEXT`.
struct CardDetailOptions<Detail: CardDetailArgument, Change: ParsableArguments>: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Argument(help: "The card: its id or a unique prefix.")
    var card: String

    @Argument(help: Detail.help)
    var detail: String

    @OptionGroup var change: Change

    @Flag(help: "Print the appended events as JSON.")
    var json = false

    /// The board the card is on (`--board`).
    var board: String { global.board }

    /// Executes `command` and prints what it appended, `quiet` when nothing changed
    /// (``runWrite(_:_:json:quiet:)``).
    func write(_ command: Command, quiet: String) throws {
        try runWrite(command, global, json: json, quiet: quiet)
    }
}
