/// A column of a board, such as TODO, DOING or DONE. Its cards and their count come from
/// ``KanbanState/cards(in:)`` and ``KanbanState/cardCount(in:)``.
public struct Column: Hashable, Sendable {
    public var id: ColumnID
    public var board: BoardID
    public var name: String

    public init(id: ColumnID, board: BoardID, name: String) {
        self.id = id
        self.board = board
        self.name = name
    }
}
