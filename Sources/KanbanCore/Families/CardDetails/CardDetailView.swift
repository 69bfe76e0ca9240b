/// A card with everything it carries, for its detail view: the card, its column's name, its
/// details, and the board's labels (for their colours).
public struct CardDetailView: Hashable, Sendable {
    public var card: Card
    public var column: String
    public var isOverdue: Bool
    public var details: CardDetails
    public var boardLabels: [BoardLabel]

    public init(card: Card, column: String, isOverdue: Bool, details: CardDetails, boardLabels: [BoardLabel]) {
        self.card = card
        self.column = column
        self.isOverdue = isOverdue
        self.details = details
        self.boardLabels = boardLabels
    }
}
