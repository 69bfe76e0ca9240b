import Kanban
import KanbanCore

/// One card of ``BoardOutput`` (`kanban board --json`):
/// `{"id", "title", "description", "due", "overdue"}`, `due` `null` when there is none, and
/// what the card carries besides, each key only when it has some: `assignees`, `labels`,
/// `dueDone` (true), `checklist` (`{"done", "total"}`), `comments` and `links` (how many).
/// The whole of them is the card's answer (`kanban card`, `GET …/cards/{id}`).
public struct BoardCardOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    public var title: String
    public var description: String
    /// ISO 8601: `2026-12-01` or `2026-12-01T09:00:00Z`.
    public var due: String?
    /// Whether the due date had passed when the board was read.
    public var overdue: Bool
    public var assignees: [String]?
    public var labels: [String]?
    /// `true` when the due date is marked done; absent otherwise.
    public var dueDone: Bool?
    public var checklist: ChecklistProgressOutput?
    /// How many comments it has, when any.
    public var comments: Int?
    /// How many links it has, when any.
    public var links: Int?

    public init(id: String, title: String, description: String, due: String?, overdue: Bool) {
        self.id = id
        self.title = title
        self.description = description
        self.due = due
        self.overdue = overdue
    }

    /// The form of `view`.
    public init(view: BoardView.CardView) {
        id = view.card.id.description
        title = view.card.title
        description = view.card.description
        due = view.card.due?.description
        overdue = view.isOverdue
        if let details = view.details { summarize(details) }
    }

    /// Sets the keys for what `details` holds, leaving out what it has none of.
    mutating func summarize(_ details: CardDetails) {
        assignees = details.assignees.isEmpty ? nil : details.assignees
        labels = details.labels.isEmpty ? nil : details.labels
        dueDone = details.dueDone ? true : nil
        let progress = details.checklistProgress
        checklist = progress.total == 0 ? nil : ChecklistProgressOutput(done: progress.done, total: progress.total)
        comments = details.comments.isEmpty ? nil : details.comments.count
        links = details.links.isEmpty ? nil : details.links.count
    }

    /// Whether it carries any details (``BoardJSON`` writes such a card with the encoder).
    var hasDetails: Bool {
        assignees != nil || labels != nil || dueDone != nil || checklist != nil || comments != nil || links != nil
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, due, overdue, assignees, labels, dueDone, checklist, comments, links
    }

    public func encode(to encoder: any Encoder) throws {
        try CardHeadJSON(id: id, title: title, description: description, due: due, overdue: overdue).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(assignees, forKey: .assignees)
        try container.encodeIfPresent(labels, forKey: .labels)
        try container.encodeIfPresent(dueDone, forKey: .dueDone)
        try container.encodeIfPresent(checklist, forKey: .checklist)
        try container.encodeIfPresent(comments, forKey: .comments)
        try container.encodeIfPresent(links, forKey: .links)
    }
}
