/// A card was added; `index` is where it landed in its column.
public struct CardAdded: Hashable, Sendable {
    public var card: Card
    public var index: Int

    public init(card: Card, index: Int) {
        self.card = card
        self.index = index
    }
}
