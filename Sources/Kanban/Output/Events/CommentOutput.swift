import KanbanCore

/// A comment: `{"id", "author", "text", "at"}`, `at` an ISO 8601 time (absent in the event that
/// writes it: the event's own time).
public struct CommentOutput: Codable, Sendable, Equatable {
    public var id: String
    public var author: String
    public var text: String
    public var at: String?

    public init(_ comment: Comment) {
        id = comment.id.description
        author = comment.author
        text = comment.text
        at = comment.at?.description
    }
}
