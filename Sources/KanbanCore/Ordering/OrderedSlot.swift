/// A card's entry in a column's order: its key, with its id to break a tie.
public struct OrderedSlot: Hashable, Comparable, Sendable {
    public var key: OrderKey
    public var card: CardID

    public init(key: OrderKey, card: CardID) {
        self.key = key
        self.card = card
    }

    public static func < (lhs: OrderedSlot, rhs: OrderedSlot) -> Bool {
        lhs.key != rhs.key ? lhs.key < rhs.key : lhs.card < rhs.card
    }
}
