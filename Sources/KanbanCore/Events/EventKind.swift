/// The kinds of event, with their tag in the binary encoding. Tags are never reused.
public enum EventKind: UInt8, CaseIterable, Sendable {
    case boardCreated = 1
    case boardRenamed = 2
    case boardRemoved = 3
    case columnAdded = 4
    case columnRenamed = 5
    case columnRemoved = 6
    case columnMoved = 7
    case cardAdded = 10
    case cardEdited = 11
    case cardMoved = 12
    case cardDeleted = 13
    case cardRevived = 14
    case undone = 20
    case redone = 21
    case restored = 22
    case cardAssigned = 30
    case cardUnassigned = 31
    case cardLabelled = 32
    case cardUnlabelled = 33
    case dueMarked = 34
    case commentAdded = 35
    case commentEdited = 36
    case commentDeleted = 37
    case checklistItemAdded = 38
    case checklistItemRenamed = 39
    case checklistItemChecked = 40
    case checklistItemRemoved = 41
    case checklistItemMoved = 42
    case linkAttached = 43
    case linkRemoved = 44
    case memberAdded = 45
    case memberRemoved = 46
    case labelChanged = 47
    case columnLimitChanged = 48
    case memberRoleChanged = 49
    case visibilityChanged = 50

    /// The name in JSON output, such as `cardMoved`.
    public var name: String { String(describing: self) }

    /// Whether the event carries the effects of other changes (an undo, a redo, a restore), so
    /// that the cards, boards and columns it touches are known only from its payload.
    public var isCompound: Bool {
        switch self {
        case .undone, .redone, .restored: true
        default: false
        }
    }

    /// Whether the event may make, name, rename or remove a board or a column (directly, or
    /// as a compound event): what a fold that shows names as they were must not skip.
    public var mayChangeNames: Bool {
        switch self {
        case .boardCreated, .boardRenamed, .boardRemoved, .columnAdded, .columnRenamed, .columnRemoved, .columnMoved: true
        case .cardAdded, .cardEdited, .cardMoved, .cardDeleted, .cardRevived: false
        case .undone, .redone, .restored: true
        default: false
        }
    }

    /// Whether it is a change to a card's details (``CardDetailEdit``).
    public var isCardDetail: Bool { (30...44).contains(rawValue) }

    /// Whether it is a change to a board's details (``BoardDetailEdit``).
    public var isBoardDetail: Bool { (45...50).contains(rawValue) }
}
