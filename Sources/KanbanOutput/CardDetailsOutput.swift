import Kanban
import KanbanCore

/// A card with everything it carries (`kanban card --json`, `GET …/cards/{id}`):
/// `{"id", "title", "description", "due", "overdue", "column", "assignees", "labels", "dueDone",
/// "checklist": [item], "comments": [comment], "links": [link]}`, every key always there; a
/// comment has `"edited"` (ISO 8601) only once its text was edited (``CommentOutput``).
public struct CardDetailsOutput: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var description: String
    public var due: String?
    public var overdue: Bool
    public var column: String
    public var assignees: [String]
    /// Its labels with their board colours (`grey` for a label the board has not made).
    public var labels: [BoardLabelOutput]
    public var dueDone: Bool
    public var checklist: [ChecklistItemOutput]
    public var comments: [CommentOutput]
    public var links: [CardLinkOutput]

    public init(view: CardDetailView) {
        id = view.card.id.description
        title = view.card.title
        description = view.card.description
        due = view.card.due?.description
        overdue = view.isOverdue
        column = view.column
        assignees = view.details.assignees
        labels = view.details.labels.map { name in
            BoardLabelOutput(name: name, colour: view.boardLabels.first { $0.name == name }?.colour ?? "grey")
        }
        dueDone = view.details.dueDone
        checklist = view.details.checklist.map(ChecklistItemOutput.init)
        comments = view.details.comments.map(CommentOutput.init)
        links = view.details.links.map(CardLinkOutput.init)
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, due, overdue, column, assignees, labels, dueDone, checklist, comments, links
    }

    public func encode(to encoder: any Encoder) throws {
        try CardHeadJSON(id: id, title: title, description: description, due: due, overdue: overdue).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(column, forKey: .column)
        try container.encode(assignees, forKey: .assignees)
        try container.encode(labels, forKey: .labels)
        try container.encode(dueDone, forKey: .dueDone)
        try container.encode(checklist, forKey: .checklist)
        try container.encode(comments, forKey: .comments)
        try container.encode(links, forKey: .links)
    }
}
