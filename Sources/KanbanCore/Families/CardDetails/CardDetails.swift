/// What a card carries besides its title, description and due date: the people assigned, its
/// labels, whether its due date is done, its checklist items, comments and links. Kept by card
/// id apart from ``Card`` (``KanbanState/details``), so a card without any costs replay nothing,
/// and a deleted card brought back finds them again.
public struct CardDetails: Hashable, Sendable {
    /// Assignees, sorted.
    public var assignees: [String] = []
    /// Label names, sorted.
    public var labels: [String] = []
    /// Whether the due date is marked done (apart from the column the card is in).
    public var dueDone = false
    /// Checklist items, in order (each names its checklist).
    public var checklist: [ChecklistItem] = []
    /// Comments, oldest first.
    public var comments: [Comment] = []
    /// Links, in the order they were attached.
    public var links: [CardLink] = []

    public init() {}

    /// Whether it holds nothing (a card that never had any details looks the same).
    public var isEmpty: Bool {
        assignees.isEmpty && labels.isEmpty && !dueDone && checklist.isEmpty && comments.isEmpty && links.isEmpty
    }

    /// Checklist items done, and in all.
    public var checklistProgress: (done: Int, total: Int) {
        (checklist.reduce(0) { $0 + ($1.done ? 1 : 0) }, checklist.count)
    }
}
