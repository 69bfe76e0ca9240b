import KanbanCore
import Kanban

/// Carries a ``TrelloPlan``'s operations out on our board, as the engine's import decides them:
/// turns each into a command and keeps, from the events decided, the ids our board gave to what
/// Trello names by its own (cards; comments, checklist items and links), and the cards it
/// deleted (archived in Trello), whose details still change (``decidingState(for:in:)``).
struct TrelloReplay: Sendable {
    /// Our card for each Trello card.
    private var cards: [String: CardID] = [:]
    /// Each card the replay has deleted and not brought back, as it was deleted, by Trello id.
    private var deletedCards: [String: Card] = [:]
    /// Our comment, checklist item or link for each Trello comment, check item or attachment,
    /// by card (``key(_:_:)``): an export may give two cards' the same id.
    private var details: [String: DetailID] = [:]

    /// Our board, once made, and its name as the replay has left it (a Trello board renamed
    /// within its history is renamed here too).
    private var boardID: BoardID?
    private var boardName: String?

    /// The command that carries out `operation` on the board the import names `board` (the name
    /// it has at the end). With `state`, the engine's before the command, a former name of the
    /// Trello board that another board holds gets a number (`Name (2)`); without it, such a name
    /// cannot be replayed.
    func command(for operation: TrelloOperation, board: String, in state: KanbanState? = nil) throws -> Command {
        let current = boardName ?? board
        func card(_ trello: String) throws -> String {
            guard let id = cards[trello] else { throw KanbanError.unknownCard(trello) }
            return id.description
        }
        func detail(_ trello: String, of card: String) throws -> String {
            guard let id = details[Self.key(card, trello)] else { throw KanbanError.unknownDetail(trello, what: "detail", card: card) }
            return id.description
        }
        switch operation {
        case .createBoard(let name, let columns):
            return .createBoard(name: resolved(name, board: board, in: state), columns: columns)
        case .renameBoard(let name):
            return .renameBoard(board: current, to: resolved(name, board: board, in: state))
        case .removeColumn(let name):
            return .removeColumn(board: current, column: name)
        case .addColumn(let name, let index):
            return .addColumn(board: current, name: name, index: index)
        case .renameColumn(let from, let to):
            return .renameColumn(board: current, column: from, to: to)
        case .moveColumn(let name, let index):
            return .moveColumn(board: current, column: name, index: index)
        case .addCard(_, let title, let description, let due, let column, let index):
            return .addCard(board: current, title: title, description: description, due: due, column: column, index: index)
        case .editCard(let trello, let title, let description, let due):
            return .editCard(board: current, card: try card(trello), title: title, description: description, due: due)
        case .moveCard(let trello, let column, let index):
            return .moveCard(board: current, card: try card(trello), column: column, index: index)
        case .deleteCard(let trello):
            return .deleteCard(board: current, card: try card(trello))
        case .reviveCard(let trello, let column, let index):
            return .reviveCard(board: current, card: try card(trello), column: column, index: index)
        case .assign(let trello, let person):
            return .assign(board: current, card: try card(trello), person: person)
        case .unassign(let trello, let person):
            return .unassign(board: current, card: try card(trello), person: person)
        case .label(let trello, let label):
            return .label(board: current, card: try card(trello), label: label)
        case .unlabel(let trello, let label):
            return .unlabel(board: current, card: try card(trello), label: label)
        case .markDue(let trello, let done):
            return .markDue(board: current, card: try card(trello), done: done)
        case .addComment(let trello, _, let text):
            return .addComment(board: current, card: try card(trello), text: text)
        case .editComment(let trello, let comment, let text):
            return .editComment(board: current, card: try card(trello), comment: try detail(comment, of: trello), text: text)
        case .deleteComment(let trello, let comment):
            return .deleteComment(board: current, card: try card(trello), comment: try detail(comment, of: trello))
        case .addItem(let trello, _, let text, let checklist, let index):
            return .addChecklistItem(board: current, card: try card(trello), text: text, checklist: checklist, index: index)
        case .renameItem(let trello, let item, let text):
            return .renameChecklistItem(board: current, card: try card(trello), item: try detail(item, of: trello), text: text)
        case .checkItem(let trello, let item, let done):
            return .checkChecklistItem(board: current, card: try card(trello), item: try detail(item, of: trello), done: done)
        case .removeItem(let trello, let item):
            return .removeChecklistItem(board: current, card: try card(trello), item: try detail(item, of: trello))
        case .moveItem(let trello, let item, let index):
            return .moveChecklistItem(board: current, card: try card(trello), item: try detail(item, of: trello), index: index)
        case .attachLink(let trello, _, let url, let name):
            return .attachLink(board: current, card: try card(trello), url: url, name: name)
        case .removeLink(let trello, let link):
            return .removeLink(board: current, card: try card(trello), link: try detail(link, of: trello))
        case .addMember(let person):
            return .addMember(board: current, person: person)
        case .removeMember(let person):
            return .removeMember(board: current, person: person)
        case .setLabel(let name, let colour):
            return .setLabel(board: current, name: name, colour: colour)
        }
    }

    /// The state to decide `operation` on: `state`, or for a change to the details of a card the
    /// replay deleted (archived in Trello, where it still takes comments, labels, due marks…),
    /// `state` with that card put back for the decision alone. Our cards keep their details by
    /// id whether deleted or not, so the events decided apply to the deleted card at their
    /// moment, and it has them when it is brought back.
    func decidingState(for operation: TrelloOperation, in state: KanbanState) -> KanbanState {
        guard let trello = operation.detailCard, var card = deletedCards[trello], state.cards[card.id] == nil,
              let boardID, let columns = state.boards[boardID]?.columns, let first = columns.first
        else { return state }
        if !columns.contains(card.column) { card.column = first }
        var deciding = state
        deciding.apply(.cardRevived(CardRevived(card: card, index: 0)), board: boardID)
        return deciding
    }

    /// Keeps the ids `events`, decided for `operation`, gave to what it adds, and the cards it deletes.
    mutating func record(_ events: [RecordedEvent], of operation: TrelloOperation) {
        for event in events {
            switch (operation, event.payload) {
            case (.addCard(let trello, _, _, _, _, _), .cardAdded(let added)):
                cards[trello] = added.card.id
            case (.deleteCard(let trello), .cardDeleted(let deleted)):
                deletedCards[trello] = deleted.card
            case (.reviveCard(let trello, _, _), .cardRevived):
                deletedCards[trello] = nil
            case (.addComment(let card, let trello, _), .cardDetail(let changed)):
                if case .commentAdded(let comment, _) = changed.edit { details[Self.key(card, trello)] = comment.id }
            case (.addItem(let card, let trello, _, _, _), .cardDetail(let changed)):
                if case .itemAdded(let item, _) = changed.edit { details[Self.key(card, trello)] = item.id }
            case (.attachLink(let card, let trello, _, _), .cardDetail(let changed)):
                if case .linkAttached(let link, _) = changed.edit { details[Self.key(card, trello)] = link.id }
            case (_, .boardCreated(let created)):
                boardID = event.board
                boardName = created.name
            case (_, .boardRenamed(let renamed)):
                boardName = renamed.to
            default:
                continue
            }
        }
    }

    /// The board name `name` stands for: `board` for `nil`; else `name`, numbered when another
    /// board in `state` has it.
    private func resolved(_ name: String?, board: String, in state: KanbanState?) -> String {
        guard let name else { return board }
        guard let state else { return name }
        return name.numbered { candidate in
            guard let other = state.board(named: candidate) else { return false }
            return other.id != boardID
        }
    }

    /// The key of Trello detail `trello` of Trello card `card`.
    private static func key(_ card: String, _ trello: String) -> String {
        card + "\u{0}" + trello
    }
}
