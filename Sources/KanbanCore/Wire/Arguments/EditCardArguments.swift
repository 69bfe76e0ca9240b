/// `editCard`: `board`, `card`, and `title`, `description`, `due` (a date, or `null` to remove
/// it); a field left out stays as it is.
public struct EditCardArguments: CommandArguments, Equatable {
    public static let name = "editCard"

    public var board: String
    public var card: String
    public var title: String?
    public var description: String?
    /// `nil`: left out; `.some(nil)`: `null` (the due date removed).
    public var due: String??

    public init?(_ command: Command, newID: Identifier?) {
        switch command {
        case .editCard(let board, let card, let title, let description, let due),
             .editCardIfUnchanged(let board, let card, let title, let description, let due, _):
            (self.board, self.card, self.title, self.description) = (board, card, title, description)
            self.due = switch due {
            case nil: nil
            case .remove: .some(nil)
            case .set(let date): .some(date.description)
            }
        default:
            return nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case board, card, title, description, due
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        board = try container.decode(String.self, forKey: .board)
        card = try container.decode(String.self, forKey: .card)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        if container.contains(.due) {
            due = .some(try container.decodeNil(forKey: .due) ? nil : try container.decode(String.self, forKey: .due))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(board, forKey: .board)
        try container.encode(card, forKey: .card)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        if let due {
            if let due { try container.encode(due, forKey: .due) } else { try container.encodeNil(forKey: .due) }
        }
    }

    public func command() throws(KanbanError) -> Command {
        let due: DueUpdate? = switch self.due {
        case nil: nil
        case .some(nil): .remove
        case .some(let text?): .set(try Due(parsing: text))
        }
        return .editCard(board: board, card: card, title: title, description: description, due: due)
    }
}
