/// `[id: card, …]` builds a table, as it builds a dictionary; each card must be under its own id.
extension CardTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (CardID, Card)...) {
        self.init(minimumCapacity: elements.count)
        for (id, card) in elements { self[id] = card }
    }
}
