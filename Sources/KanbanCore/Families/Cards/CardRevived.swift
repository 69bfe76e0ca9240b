/// A deleted card came back with its id, title, description and due date: `card` is the card
/// as it comes back (its column and new order key), `index` where it landed in its column.
public struct CardRevived: Hashable, Sendable {
    public var card: Card
    public var index: Int

    public init(card: Card, index: Int) {
        self.card = card
        self.index = index
    }
}
