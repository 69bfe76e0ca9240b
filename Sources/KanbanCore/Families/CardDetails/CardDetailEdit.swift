/// One change to what a card carries besides its title, description and due date (its
/// ``CardDetails``). Each case is its own ``EventKind`` in the log and its own history line.
public enum CardDetailEdit: Hashable, Sendable {
    /// A person was assigned.
    case assigned(String)
    /// A person was unassigned.
    case unassigned(String)
    /// A label was put on.
    case labelled(String)
    /// A label was taken off.
    case unlabelled(String)
    /// The due date was marked done, or not done.
    case dueMarked(done: Bool)
    /// A comment was written, at `index` of the card's comments.
    case commentAdded(Comment, index: Int)
    /// A comment's text changed; `mark` says when the comment counts as last edited after it.
    case commentEdited(DetailID, Change<String>, mark: CommentEditMark)
    /// A comment was deleted from `index` of the card's comments.
    case commentDeleted(Comment, index: Int)
    /// A checklist item was added at `index` of the card's items.
    case itemAdded(ChecklistItem, index: Int)
    /// A checklist item's text changed.
    case itemRenamed(DetailID, Change<String>)
    /// A checklist item was checked (`done`) or unchecked; `text` is its text, for history.
    case itemChecked(DetailID, text: String, done: Bool)
    /// A checklist item was removed from `index` of the card's items.
    case itemRemoved(ChecklistItem, index: Int)
    /// A checklist item moved from one index of the card's items to another.
    case itemMoved(DetailID, text: String, from: Int, to: Int)
    /// A link was attached at `index` of the card's links.
    case linkAttached(CardLink, index: Int)
    /// A link was removed from `index` of the card's links.
    case linkRemoved(CardLink, index: Int)

    /// Its kind in the log.
    public var kind: EventKind {
        switch self {
        case .assigned: .cardAssigned
        case .unassigned: .cardUnassigned
        case .labelled: .cardLabelled
        case .unlabelled: .cardUnlabelled
        case .dueMarked: .dueMarked
        case .commentAdded: .commentAdded
        case .commentEdited: .commentEdited
        case .commentDeleted: .commentDeleted
        case .itemAdded: .checklistItemAdded
        case .itemRenamed: .checklistItemRenamed
        case .itemChecked: .checklistItemChecked
        case .itemRemoved: .checklistItemRemoved
        case .itemMoved: .checklistItemMoved
        case .linkAttached: .linkAttached
        case .linkRemoved: .linkRemoved
        }
    }
}
