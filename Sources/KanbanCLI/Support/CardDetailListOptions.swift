import ArgumentParser
import KanbanCore

/// All that a subcommand listing one kind of a card's details (``ListedCardDetail``) takes,
/// in this order: the ``GlobalOptions``, the card and `--json`: `kanban comments list CARD`.
struct CardDetailListOptions<Detail: ListedCardDetail>: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Argument(help: "The card: its id or a unique prefix.")
    var card: String

    @Flag(help: ArgumentHelp("Print the \(Detail.plural) as JSON."))
    var json = false

    /// The card's details (``GlobalOptions/cardDetail(_:)``).
    func details() throws -> CardDetails {
        try global.cardDetail(card).details
    }
}
