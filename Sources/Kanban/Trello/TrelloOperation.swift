import KanbanCore

/// One change the import makes to the board, in Trello's terms: cards by their Trello id, columns
/// by the name they have on our board at that point.
enum TrelloOperation: Hashable, Sendable {
    case createBoard(columns: [String])
    case addColumn(name: String, index: Int)
    case renameColumn(from: String, to: String)
    case moveColumn(name: String, index: Int)
    case addCard(card: String, title: String, description: String, due: Due?, column: String, index: Int)
    case editCard(card: String, title: String?, description: String?, due: DueUpdate?)
    case moveCard(card: String, column: String, index: Int)
    case deleteCard(card: String)
    case reviveCard(card: String, column: String, index: Int)
}
