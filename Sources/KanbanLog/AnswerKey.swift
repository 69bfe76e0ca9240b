import KanbanCore

/// Where a ``LogStore`` keeps an idempotency answer: the board the command went to, the actor
/// who sent it and the client's key.
public struct AnswerKey: Sendable, Hashable, CustomStringConvertible {
    /// The board the command went to.
    public var board: BoardID
    /// The actor who sent the command.
    public var actor: String
    /// The client's idempotency key.
    public var key: String

    /// The key of `actor`'s `key` on `board`.
    public init(board: BoardID, actor: String, key: String) {
        self.board = board
        self.actor = actor
        self.key = key
    }

    public var description: String { "key \"\(key)\" of \(actor) on board \(board)" }
}
