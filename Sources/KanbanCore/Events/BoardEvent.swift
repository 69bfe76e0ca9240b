/// An event decided for a board, before the log gives it a place.
public struct BoardEvent: Hashable, Sendable {
    public var board: BoardID
    public var payload: EventPayload
    /// Who the event is recorded under when not the command's actor: the engine's own events
    /// (the board made on first use) are recorded under ``UndoStacks/systemActor``.
    public var actor: String?

    public init(board: BoardID, payload: EventPayload, actor: String? = nil) {
        self.board = board
        self.payload = payload
        self.actor = actor
    }
}
