/// What undoing a change to a card's details is decided against: the card as it is now, its
/// details, and the action a refusal names. Each family's inverse (`Decider+<Family>.swift`)
/// reads it.
struct DetailUndo {
    /// The card, live.
    let card: Card
    /// Its details as they are now.
    let details: CardDetails
    /// The action being undone, as a refusal names it.
    let action: String

    /// Why the change cannot be undone.
    func refuse(_ reason: String) -> KanbanError {
        .cannotUndo(action: action, reason: reason)
    }

    /// The index in `list` of the element whose `identity` is `id`, or a refusal saying `what`
    /// was removed since.
    func index<Element>(of id: DetailID, in list: [Element], _ identity: (Element) -> DetailID, _ what: String) throws(KanbanError) -> Int {
        guard let index = list.firstIndex(where: { identity($0) == id }) else { throw refuse("the \(what) was removed since") }
        return index
    }
}
