import KanbanCore

/// The `args` of a pushed mutation: every key any mutation takes, each optional; which are
/// needed depends on the mutation's name (``mutation(id:name:since:)``).
///
/// - `addCard`: `board`, `title`, and `card` (the new card's id, a UUID), `description`, `due`,
///   `column`, `at`, `before`, `after`;
/// - `editCard`: `board`, `card`, and `title`, `description`, `due` (`null` removes it);
/// - `moveCard`: `board`, `card`, `column`, and `at`, `before`, `after`;
/// - `deleteCard`: `board`, `card`; `reviveCard`: `board`, `card`, and `column`, `at`;
/// - `undo`, `redo`: `force`;
/// - `createBoard`: `name`, and `columns`; `renameBoard`: `board`, `to`; `removeBoard`: `board`;
/// - `addColumn`: `board`, `name`, and `at`; `renameColumn`: `board`, `column`, `to`;
///   `moveColumn`: `board`, `column`, `at`; `removeColumn`: `board`, `column`;
/// - a card's details, each with `board` and `card`: `assign`, `unassign`: `person`; `label`,
///   `unlabel`: `label`; `markDue`: `done`; `addComment`: `text`, and `comment` (the new
///   comment's id, a UUID); `editComment`: `comment`, `text`; `deleteComment`: `comment`;
///   `addChecklistItem`: `text`, and `item` (the new item's id), `checklist`, `at`;
///   `renameChecklistItem`: `item`, `text`; `checkChecklistItem`: `item`, `done`;
///   `removeChecklistItem`: `item`; `moveChecklistItem`: `item`, `at`; `attachLink`: `url`, and
///   `link` (the new link's id), `name`; `removeLink`: `link`;
/// - a board's details, each with `board`: `addMember`, `removeMember`: `person`; `setLabel`:
///   `name`, `colour`; `removeLabel`: `name`; `setColumnLimit`: `column`, and `limit` (left out
///   or `null` lifts it), `strict` (`true`: the column refuses cards over it).
///
/// Written with only the keys a mutation uses; `due` is a date, or `null` to remove it (an
/// edit), or left out. The server reads pushes with it and a replica writes its queue with it.
public struct MutationArguments: Codable, Sendable, Equatable {
    public var board: String?
    public var card: String?
    public var title: String?
    public var description: String?
    /// `nil`: left out; `.some(nil)`: `null` (an edit that removes the due date).
    public var due: String??
    public var column: String?
    public var at: Int?
    public var before: String?
    public var after: String?
    public var force: Bool?
    public var name: String?
    public var to: String?
    public var columns: [String]?
    public var person: String?
    public var label: String?
    public var done: Bool?
    public var text: String?
    public var comment: String?
    public var item: String?
    public var checklist: String?
    public var url: String?
    public var link: String?
    public var colour: String?
    public var limit: Int?
    public var strict: Bool?

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case board, card, title, description, due, column, at, before, after, force, name, to, columns
        case person, label, done, text, comment, item, checklist, url, link, colour, limit, strict
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        board = try container.decodeIfPresent(String.self, forKey: .board)
        card = try container.decodeIfPresent(String.self, forKey: .card)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        if container.contains(.due) {
            due = .some(try container.decodeNil(forKey: .due) ? nil : try container.decode(String.self, forKey: .due))
        }
        column = try container.decodeIfPresent(String.self, forKey: .column)
        at = try container.decodeIfPresent(Int.self, forKey: .at)
        before = try container.decodeIfPresent(String.self, forKey: .before)
        after = try container.decodeIfPresent(String.self, forKey: .after)
        force = try container.decodeIfPresent(Bool.self, forKey: .force)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        to = try container.decodeIfPresent(String.self, forKey: .to)
        columns = try container.decodeIfPresent([String].self, forKey: .columns)
        person = try container.decodeIfPresent(String.self, forKey: .person)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        done = try container.decodeIfPresent(Bool.self, forKey: .done)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
        item = try container.decodeIfPresent(String.self, forKey: .item)
        checklist = try container.decodeIfPresent(String.self, forKey: .checklist)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        colour = try container.decodeIfPresent(String.self, forKey: .colour)
        limit = try container.decodeIfPresent(Int.self, forKey: .limit)
        strict = try container.decodeIfPresent(Bool.self, forKey: .strict)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(board, forKey: .board)
        try container.encodeIfPresent(card, forKey: .card)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        if let due {
            if let due { try container.encode(due, forKey: .due) } else { try container.encodeNil(forKey: .due) }
        }
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(at, forKey: .at)
        try container.encodeIfPresent(before, forKey: .before)
        try container.encodeIfPresent(after, forKey: .after)
        try container.encodeIfPresent(force, forKey: .force)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(to, forKey: .to)
        try container.encodeIfPresent(columns, forKey: .columns)
        try container.encodeIfPresent(person, forKey: .person)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(done, forKey: .done)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(comment, forKey: .comment)
        try container.encodeIfPresent(item, forKey: .item)
        try container.encodeIfPresent(checklist, forKey: .checklist)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(colour, forKey: .colour)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(strict, forKey: .strict)
    }

    /// The mutation named `name` with these arguments; throws when one it needs is missing or
    /// a value cannot be read (the mutation is then refused with that reason).
    public func mutation(id: UInt64, name: String, since: UInt64?) throws(KanbanError) -> Mutation {
        func needed(_ value: String?, _ key: String) throws(KanbanError) -> String {
            guard let value else { throw .unreadableMutation("\(name) needs \"\(key)\"") }
            return value
        }
        func neededIndex(_ value: Int?, _ key: String) throws(KanbanError) -> Int {
            guard let value else { throw .unreadableMutation("\(name) needs \"\(key)\"") }
            return value
        }
        switch name {
        case "addCard":
            let newCard = try card.map { text throws(KanbanError) in
                guard let id = Identifier(text) else { throw .unreadableMutation("\"card\" must be a UUID, not '\(text)'") }
                return CardID(id)
            }
            let due = try (self.due ?? nil).map { text throws(KanbanError) in try Due(parsing: text) }
            let command = Command.addCard(
                board: try needed(board, "board"), title: try needed(title, "title"), description: description ?? "", due: due, column: column, index: at
            )
            return Mutation(id: id, command: command, newCard: newCard, before: before, after: after, since: since)
        case "editCard":
            let due: DueUpdate? = switch self.due {
            case nil: nil
            case .some(nil): .remove
            case .some(let text?): .set(try Due(parsing: text))
            }
            let command = Command.editCard(board: try needed(board, "board"), card: try needed(card, "card"), title: title, description: description, due: due)
            return Mutation(id: id, command: command, since: since)
        case "moveCard":
            let command = Command.moveCard(board: try needed(board, "board"), card: try needed(card, "card"), column: try needed(column, "column"), index: at)
            return Mutation(id: id, command: command, before: before, after: after, since: since)
        case "deleteCard":
            return Mutation(id: id, command: .deleteCard(board: try needed(board, "board"), card: try needed(card, "card")), since: since)
        case "reviveCard":
            return Mutation(id: id, command: .reviveCard(board: try needed(board, "board"), card: try needed(card, "card"), column: column, index: at))
        case "undo":
            return Mutation(id: id, command: .undo(force: force ?? false))
        case "redo":
            return Mutation(id: id, command: .redo(force: force ?? false))
        case "createBoard":
            return Mutation(id: id, command: .createBoard(name: try needed(self.name, "name"), columns: columns ?? DefaultBoard.columns))
        case "renameBoard":
            return Mutation(id: id, command: .renameBoard(board: try needed(board, "board"), to: try needed(to, "to")))
        case "removeBoard":
            return Mutation(id: id, command: .removeBoard(board: try needed(board, "board")))
        case "addColumn":
            return Mutation(id: id, command: .addColumn(board: try needed(board, "board"), name: try needed(self.name, "name"), index: at))
        case "renameColumn":
            return Mutation(id: id, command: .renameColumn(board: try needed(board, "board"), column: try needed(column, "column"), to: try needed(to, "to")))
        case "moveColumn":
            return Mutation(id: id, command: .moveColumn(board: try needed(board, "board"), column: try needed(column, "column"), index: try neededIndex(at, "at")))
        case "removeColumn":
            return Mutation(id: id, command: .removeColumn(board: try needed(board, "board"), column: try needed(column, "column")))
        default:
            if let detail = try detailMutation(id: id, name: name, since: since) { return detail }
            throw .unreadableMutation("there is no mutation named '\(name)'")
        }
    }
}
