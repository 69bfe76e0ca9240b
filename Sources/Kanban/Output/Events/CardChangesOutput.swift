/// The fields a `cardEdited` event changed (``CardEditedOutput``, `kanban log --json`):
/// `{"title"?, "description"?, "due"?}`, each `{"old", "new"}` and absent when unchanged; a due
/// date's `old` or `new` is `null` for none.
public struct CardChangesOutput: Codable, Sendable, Equatable {
    public var title: ChangeOutput<String>?
    public var description: ChangeOutput<String>?
    /// ISO 8601 dates or date-times.
    public var due: ChangeOutput<String?>?

    public init(title: ChangeOutput<String>? = nil, description: ChangeOutput<String>? = nil, due: ChangeOutput<String?>? = nil) {
        self.title = title
        self.description = description
        self.due = due
    }
}
