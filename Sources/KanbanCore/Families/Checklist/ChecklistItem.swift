/// One item of a card's checklist. A card may hold several checklists: each item names its own.
public struct ChecklistItem: Hashable, Sendable {
    public var id: DetailID
    /// The checklist it belongs to, such as "Checklist" or "Before release".
    public var checklist: String
    /// 1–500 characters.
    public var text: String
    public var done: Bool

    public init(id: DetailID, checklist: String, text: String, done: Bool = false) {
        self.id = id
        self.checklist = checklist
        self.text = text
        self.done = done
    }
}
