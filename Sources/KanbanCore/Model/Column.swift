/// A column of a board, such as TODO, DOING or DONE.
public struct Column: Hashable, Sendable {
    public var id: ColumnID
    public var board: BoardID
    public var name: String
    /// How many live cards stand in it.
    public var cardCount: Int

    public init(id: ColumnID, board: BoardID, name: String, cardCount: Int = 0) {
        self.id = id
        self.board = board
        self.name = name
        self.cardCount = cardCount
    }
}
