/// A text too long for the board, cut with `…`: which one, and how long it was.
public struct TrelloCut: Hashable, Sendable, Codable {
    /// What was cut: `title`, `description`, `column` or `member`.
    public var field: String
    /// The Trello id of the card, list or member.
    public var trello: String
    /// The text as it is on the board, cut.
    public var text: String
    /// Its length in Trello, in characters.
    public var length: Int

    public init(field: String, trello: String, text: String, length: Int) {
        self.field = field
        self.trello = trello
        self.text = text
        self.length = length
    }
}
