import KanbanCore

extension Mutation {
    /// `events` with the card they add given the client's id (``newCard``), when there is one.
    package func givingNewCard(_ events: [BoardEvent]) -> [BoardEvent] {
        guard let card = newCard,
              let index = events.firstIndex(where: { if case .cardAdded = $0.payload { true } else { false } }),
              case .cardAdded(var added) = events[index].payload
        else { return events }
        added.card.id = card
        var given = events
        given[index].payload = .cardAdded(added)
        return given
    }

    /// `events` with the comment, checklist item or link they add given the client's id
    /// (``newDetail``), when there is one.
    package func givingNewDetail(_ events: [BoardEvent]) -> [BoardEvent] {
        guard let id = newDetail else { return events }
        return events.map { event in
            guard case .cardDetail(var changed) = event.payload else { return event }
            switch changed.edit {
            case .commentAdded(var comment, let index):
                comment.id = id
                changed.edit = .commentAdded(comment, index: index)
            case .itemAdded(var item, let index):
                item.id = id
                changed.edit = .itemAdded(item, index: index)
            case .linkAttached(var link, let index):
                link.id = id
                changed.edit = .linkAttached(link, index: index)
            default:
                return event
            }
            var given = event
            given.payload = .cardDetail(changed)
            return given
        }
    }
}
