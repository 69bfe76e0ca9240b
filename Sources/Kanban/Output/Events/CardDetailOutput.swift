import KanbanCore

/// The `data` of a change to a card's details (`cardAssigned`, `commentAdded`,
/// `checklistItemChecked`, … in `kanban log --json`): `{"card", "title"}` and, by kind,
/// `person`, `label`, `done`, `comment`, `item`, `link`, `id`, `change`, `index`, `from`, `to`;
/// a comment edit made now has `previousEdit` when the comment was edited before, one that puts
/// a comment back (undo, redo, restore) has `edited` (`{"old", "new"}`, `null` for not edited).
public struct CardDetailOutput: Codable, Sendable, Equatable {
    /// The card's id, as a lowercase UUID.
    public var card: String
    /// Its title then.
    public var title: String
    public var person: String?
    public var label: String?
    public var done: Bool?
    public var comment: CommentOutput?
    public var item: ChecklistItemOutput?
    public var link: CardLinkOutput?
    /// The comment or checklist item changed, by id.
    public var id: String?
    /// A checklist item's text, where the kind names it alone.
    public var text: String?
    public var change: ChangeOutput<String>?
    /// When the comment an edit made now changes was last edited before (ISO 8601).
    public var previousEdit: String?
    /// When the comment an undo, redo or restore edits counts as last edited, before and after.
    public var edited: ChangeOutput<String?>?
    public var index: Int?
    public var from: Int?
    public var to: Int?

    /// The form of `event`.
    public init(event: CardDetailChanged) {
        card = event.card.description
        title = event.title
        switch event.edit {
        case .assigned(let person), .unassigned(let person): self.person = person
        case .labelled(let label), .unlabelled(let label): self.label = label
        case .dueMarked(let done): self.done = done
        case .commentAdded(let comment, let index), .commentDeleted(let comment, let index):
            self.comment = CommentOutput(comment)
            self.index = index
        case .commentEdited(let id, let change, let mark):
            self.id = id.description
            self.change = ChangeOutput(old: change.old, new: change.new)
            switch mark {
            case .now(let previous): previousEdit = previous?.description
            case .set(let marked): edited = ChangeOutput(old: marked.old?.description, new: marked.new?.description)
            }
        case .itemRenamed(let id, let change):
            self.id = id.description
            self.change = ChangeOutput(old: change.old, new: change.new)
        case .itemAdded(let item, let index), .itemRemoved(let item, let index):
            self.item = ChecklistItemOutput(item)
            self.index = index
        case .itemChecked(let id, let text, let done):
            self.id = id.description
            self.text = text
            self.done = done
        case .itemMoved(let id, let text, let from, let to):
            self.id = id.description
            self.text = text
            self.from = from
            self.to = to
        case .linkAttached(let link, let index), .linkRemoved(let link, let index):
            self.link = CardLinkOutput(link)
            self.index = index
        }
    }
}
