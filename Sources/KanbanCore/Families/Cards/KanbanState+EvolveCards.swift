/// How card events change the state (evolve).
extension KanbanState {
    // The card operations below are shared by `apply` and the replay fast path
    // (`apply(encoded:sequence:)`), so both fold to the same state. Each looks the card up once.

    mutating func moveCard(_ id: CardID, to column: ColumnID, key: OrderKey) {
        guard let index = cards.index(forKey: id) else { return }
        if orders != nil {
            let card = cards.values[index]
            orders![card.column]?.remove(card.slot)
            orders![column]?.insert(OrderedSlot(key: key, card: id))
        }
        cards.update(at: index) { card in
            card.column = column
            card.key = key
        }
    }

    mutating func editCard(_ id: CardID, title: String?, description: String?, due: Due??) {
        guard let index = cards.index(forKey: id) else { return }
        cards.update(at: index) { card in
            if let title { card.title = title }
            if let description { card.description = description }
            if let due { card.due = due }
        }
        if cards.isDeferringTexts { cards.dropDeferredTexts(at: index, title: title != nil, description: description != nil) }
    }

    /// ``editCard(_:title:description:due:)`` with the texts kept as spans of the event's bytes
    /// (replay, while the card table defers texts).
    mutating func editCard(_ id: CardID, deferredTitle title: TextSpan?, description: TextSpan?, due: Due??) {
        guard let index = cards.index(forKey: id) else { return }
        if let due { cards.update(at: index) { card in card.due = due } }
        cards.deferTexts(at: index, title: title, description: description)
    }

    mutating func insertCard(_ card: consuming Card, texts: DeferredTexts = .none) {
        let (found, slot) = cards.find(card.id)
        guard found == nil, columns[card.column] != nil else { return }
        if orders != nil { orders![card.column]?.insert(card.slot) }
        cards.insertNew(card, at: slot, texts: texts)
    }

    mutating func removeCard(_ id: CardID) {
        guard let card = cards.removeValue(forKey: id) else { return }
        orders?[card.column]?.remove(card.slot)
    }
}
