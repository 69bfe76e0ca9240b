import KanbanCore

/// A comment: `{"id", "author", "text", "at"}`, `at` an ISO 8601 time (absent in the event that
/// writes it: the event's own time), and `edited`, when its text was last edited (ISO 8601;
/// absent when it never was).
public struct CommentOutput: Codable, Sendable, Equatable {
    public var id: String
    public var author: String
    public var text: String
    public var at: String?
    public var edited: String?

    public init(_ comment: Comment) {
        id = comment.id.description
        author = comment.author
        text = comment.text
        at = comment.at?.description
        edited = comment.editedAt?.description
    }
}
