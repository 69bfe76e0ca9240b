import KanbanCore

extension Mutation {
    /// The mutation's command with an added or moved card placed by its neighbours on the board
    /// as it is in `state` (order index built): the index they give wins over the command's
    /// while one of them is in the target column (``KanbanCore/Decider/index(before:after:placing:column:board:in:)``).
    func placedCommand(in state: KanbanState) throws(KanbanError) -> Command {
        let command = try command.get()
        switch command {
        case .addCard(let board, let title, let description, let due, let column, let index):
            let near = Decider.index(before: before, after: after, placing: nil, column: column, board: board, in: state)
            return .addCard(board: board, title: title, description: description, due: due, column: column, index: near ?? index)
        case .moveCard(let board, let card, let column, let index):
            let near = Decider.index(before: before, after: after, placing: card, column: column, board: board, in: state)
            return .moveCard(board: board, card: card, column: column, index: near ?? index)
        default:
            return command
        }
    }

    /// `events` with the card they add given the client's id (``newCard``), when there is one.
    func givingNewCard(_ events: [BoardEvent]) -> [BoardEvent] {
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
    func givingNewDetail(_ events: [BoardEvent]) -> [BoardEvent] {
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
