/// Like a dictionary, a table is a collection of id–card pairs, in the order of ``CardTable/values``.
extension CardTable: RandomAccessCollection {
    public typealias Element = (key: CardID, value: Card)

    public var startIndex: Int { 0 }

    public var endIndex: Int { values.count }

    public subscript(position: Int) -> Element {
        let card = values[position]
        return (card.id, card)
    }

    /// The ids of the cards, in the order of ``values``.
    public var keys: LazyMapSequence<[Card], CardID> {
        values.lazy.map(\.id)
    }
}
