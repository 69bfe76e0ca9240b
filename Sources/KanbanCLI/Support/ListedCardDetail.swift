/// A kind of detail that `kanban checklist|comments|links list CARD` lists:
/// ``CardDetailListOptions`` names it in its `--json` help.
protocol ListedCardDetail: CardDetailArgument {
    /// The word for many of them: `items`, `comments`, `links`.
    static var plural: String { get }
}
