import KanbanCore
import Kanban

/// One change the import makes to the board, in Trello's terms: cards, comments, checklist items
/// and links by their Trello ids, columns and labels by the name they have on our board at that
/// point. A board name `nil` is the name the import gives the board (the Trello board's last
/// name, or `--board`'s).
enum TrelloOperation: Hashable, Sendable {
    case createBoard(name: String?, columns: [String])
    case renameBoard(to: String?)
    case addColumn(name: String, index: Int)
    case renameColumn(from: String, to: String)
    case moveColumn(name: String, index: Int)
    /// Remove an empty column (a list archived or moved to another board).
    case removeColumn(name: String)
    case addCard(card: String, title: String, description: String, due: Due?, column: String, index: Int)
    case editCard(card: String, title: String?, description: String?, due: DueUpdate?)
    case moveCard(card: String, column: String, index: Int)
    case deleteCard(card: String)
    case reviveCard(card: String, column: String, index: Int)
    case assign(card: String, person: String)
    case unassign(card: String, person: String)
    case label(card: String, label: String)
    case unlabel(card: String, label: String)
    case markDue(card: String, done: Bool)
    /// A comment written as the step's actor; `comment` is the Trello id of the action that wrote it.
    case addComment(card: String, comment: String, text: String)
    case editComment(card: String, comment: String, text: String)
    case deleteComment(card: String, comment: String)
    case addItem(card: String, item: String, text: String, checklist: String, index: Int)
    case renameItem(card: String, item: String, text: String)
    case checkItem(card: String, item: String, done: Bool)
    case removeItem(card: String, item: String)
    case moveItem(card: String, item: String, index: Int)
    case attachLink(card: String, link: String, url: String, name: String)
    case removeLink(card: String, link: String)
    case addMember(person: String)
    case removeMember(person: String)
    /// Make, recolour or remove (`nil`) a board label.
    case setLabel(name: String, colour: String?)
}

extension TrelloOperation {
    /// The Trello card whose details the operation changes (its members, labels, due mark,
    /// comments, checklist items or links); `nil` for any other operation.
    var detailCard: String? {
        switch self {
        case .assign(let card, _), .unassign(let card, _), .label(let card, _), .unlabel(let card, _), .markDue(let card, _),
             .addComment(let card, _, _), .editComment(let card, _, _), .deleteComment(let card, _),
             .addItem(let card, _, _, _, _), .renameItem(let card, _, _), .checkItem(let card, _, _), .removeItem(let card, _),
             .moveItem(let card, _, _), .attachLink(let card, _, _, _), .removeLink(let card, _):
            card
        case .createBoard, .renameBoard, .addColumn, .renameColumn, .moveColumn, .removeColumn, .addCard, .editCard, .moveCard,
             .deleteCard, .reviveCard, .addMember, .removeMember, .setLabel:
            nil
        }
    }
}
