import Kanban
/// A text too long for the board, cut with `…`, or a blank one replaced (a blank title shows as
/// `(untitled)`, a blank list name as `List`): which one, and how long it was.
public struct TrelloCut: Hashable, Sendable, Codable {
    /// What was cut: `title`, `description`, `column`, `member`, `board`, `label`, `checklist`,
    /// `checklist item`, `comment` or `link`.
    public var field: String
    /// The Trello id of the card, list, member, label, checklist, check item, comment or attachment.
    public var trello: String
    /// The text as it is on the board, cut.
    public var text: String
    /// Its length in Trello, in characters (0: blank).
    public var length: Int

    public init(field: String, trello: String, text: String, length: Int) {
        self.field = field
        self.trello = trello
        self.text = text
        self.length = length
    }
}
