import KanbanCore

/// Everything a ``KanbanState`` shows, in a form two states can be compared by: boards,
/// columns, live cards and, per column, the card ids in order (through `cards(in:)`).
public struct StateSnapshot: Equatable, Sendable {
    public let boards: [BoardID: Board]
    public let boardOrder: [BoardID]
    public let columns: [ColumnID: Column]
    public let cards: [CardID: Card]
    /// Card ids of every column, first to last.
    public let order: [ColumnID: [CardID]]
    public let lastSequence: UInt64
    public let boardsCreated: Int
    /// Every actor's undo and redo stacks.
    public let undoStacks: UndoStacks
    /// Cards' and boards' details.
    public let details: [CardID: CardDetails]
    public let boardDetails: [BoardID: BoardDetails]

    public init(_ state: KanbanState) {
        boards = state.boards
        boardOrder = state.boardOrder
        columns = state.columns
        cards = Dictionary(uniqueKeysWithValues: state.cards.values.map { ($0.id, $0) })
        undoStacks = state.undoStacks
        var order: [ColumnID: [CardID]] = [:]
        for column in state.columns.keys { order[column] = state.cards(in: column).map(\.id) }
        self.order = order
        lastSequence = state.lastSequence
        boardsCreated = state.boardsCreated
        details = state.details
        boardDetails = state.boardDetails
    }

    /// The parts that differ from `other`, one line each, for failure messages.
    public func differences(from other: StateSnapshot) -> [String] {
        var lines: [String] = []
        if boards != other.boards { lines.append("boards: \(boards) vs \(other.boards)") }
        if boardOrder != other.boardOrder { lines.append("board order: \(boardOrder) vs \(other.boardOrder)") }
        if columns != other.columns { lines.append("columns: \(columns) vs \(other.columns)") }
        if cards != other.cards {
            let ids = Set(cards.keys).union(other.cards.keys).filter { cards[$0] != other.cards[$0] }
            lines.append("\(ids.count) cards differ, e.g. \(ids.prefix(3).map { "\(String(describing: cards[$0])) vs \(String(describing: other.cards[$0]))" })")
        }
        for column in Set(order.keys).union(other.order.keys) where order[column] != other.order[column] {
            lines.append("order of column \(column): \(order[column] ?? []) vs \(other.order[column] ?? [])")
        }
        if undoStacks != other.undoStacks { lines.append("undo stacks differ") }
        for card in Set(details.keys).union(other.details.keys) where details[card] != other.details[card] {
            lines.append("details of card \(card): \(String(describing: details[card])) vs \(String(describing: other.details[card]))")
        }
        if boardDetails != other.boardDetails { lines.append("board details: \(boardDetails) vs \(other.boardDetails)") }
        if lastSequence != other.lastSequence { lines.append("last sequence: \(lastSequence) vs \(other.lastSequence)") }
        if boardsCreated != other.boardsCreated { lines.append("boards created: \(boardsCreated) vs \(other.boardsCreated)") }
        return lines
    }
}
