/// A card was deleted; it carries the whole card as it was, for audit and undo.
public struct CardDeleted: Hashable, Sendable {
    public var card: Card
    public var index: Int

    public init(card: Card, index: Int) {
        self.card = card
        self.index = index
    }
}
