import KanbanCore

/// A checklist item: `{"id", "checklist", "text", "done"}`.
public struct ChecklistItemOutput: Codable, Sendable, Equatable {
    public var id: String
    public var checklist: String
    public var text: String
    public var done: Bool

    public init(_ item: ChecklistItem) {
        id = item.id.description
        checklist = item.checklist
        text = item.text
        done = item.done
    }
}
