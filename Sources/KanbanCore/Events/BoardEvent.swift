/// An event decided for a board, before the log gives it a place.
public struct BoardEvent: Hashable, Sendable {
    public var board: BoardID
    public var payload: EventPayload

    public init(board: BoardID, payload: EventPayload) {
        self.board = board
        self.payload = payload
    }
}
