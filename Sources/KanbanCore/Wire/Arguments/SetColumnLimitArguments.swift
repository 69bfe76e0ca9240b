/// `setColumnLimit`: `board`, `column`, and `limit` (left out or `null` lifts it), `strict`
/// (`true`: the column refuses cards over it).
public struct SetColumnLimitArguments: CommandArguments, Equatable {
    public static let name = "setColumnLimit"

    public var board: String
    public var column: String
    public var limit: Int?
    public var strict: Bool?

    public init?(_ command: Command, newID: Identifier?) {
        switch command {
        case .setColumnLimit(let board, let column, let limit):
            (self.board, self.column, self.limit, strict) = (board, column, limit, nil)
        case .setStrictColumnLimit(let board, let column, let limit):
            (self.board, self.column, self.limit, strict) = (board, column, limit, true)
        default:
            return nil
        }
    }

    public func command() throws(KanbanError) -> Command {
        guard strict == true else { return .setColumnLimit(board: board, column: column, limit: limit) }
        guard let limit else { throw .unreadableMutation("\(Self.name) needs \"limit\"") }
        return .setStrictColumnLimit(board: board, column: column, limit: limit)
    }
}
