/// `addCard`: `board`, `title`, and `description`, `due` (a date), `column`, `at`, `before`,
/// `after` (the card it lands just before or after, which win over `at` while in the column),
/// `card` (the id the client gives the new card, a UUID).
public struct AddCardArguments: CommandArguments, Equatable {
    public static let name = "addCard"
    public static let newIDKey: String? = "card"

    public var board: String
    public var title: String
    public var description: String?
    public var due: String?
    public var column: String?
    public var at: Int?
    public var before: String?
    public var after: String?
    public var card: String?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .addCard(let board, let title, let description, let due, let column, let index, let before, let after) = command else { return nil }
        (self.board, self.title, self.column, self.at, self.before, self.after) = (board, title, column, index, before, after)
        self.description = description.isEmpty ? nil : description
        self.due = due?.description
        card = newID?.description
    }

    public var newID: String? { card }

    public func command() throws(KanbanError) -> Command {
        let due = try due.map { text throws(KanbanError) in try Due(parsing: text) }
        return .addCard(board: board, title: title, description: description ?? "", due: due, column: column, index: at, before: before, after: after)
    }
}
