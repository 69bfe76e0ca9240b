/// A card's details behind one reference, so a ``BoardView/CardView`` stays as small as it was
/// for the many cards that have none (a view of 250,000 cards is copied and walked whole).
final class CardDetailsBox: Hashable, Sendable {
    let value: CardDetails

    init(_ value: CardDetails) {
        self.value = value
    }

    static func == (lhs: CardDetailsBox, rhs: CardDetailsBox) -> Bool { lhs === rhs || lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
