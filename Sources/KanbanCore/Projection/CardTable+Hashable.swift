/// Two tables are equal when they hold the same cards, however they are laid out.
extension CardTable: Hashable {
    public static func == (lhs: CardTable, rhs: CardTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.values.allSatisfy { rhs[$0.id] == $0 }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, as `Dictionary` does it: combine the cards' own hashes commutatively.
        var combined = 0
        for card in values {
            var cardHasher = Hasher()
            cardHasher.combine(card)
            combined ^= cardHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
