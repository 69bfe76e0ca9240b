/// A comment on a card: who wrote it, what it says, when it was written and when its text was
/// last edited.
public struct Comment: Hashable, Sendable {
    public var id: DetailID
    /// The actor who wrote it: the only one who may edit or delete it.
    public var author: String
    /// 1–5,000 characters.
    public var text: String
    /// When it was written; `nil` in the event that writes it (the event's own time).
    public var at: Timestamp?
    /// When its text was last edited; `nil` if it never was (or every edit was undone).
    public var editedAt: Timestamp?

    public init(id: DetailID, author: String, text: String, at: Timestamp? = nil, editedAt: Timestamp? = nil) {
        self.id = id
        self.author = author
        self.text = text
        self.at = at
        self.editedAt = editedAt
    }
}
