/// Which parts of a card an event changes, for telling whether an undo would overwrite
/// someone else's later change.
public struct ChangedFields: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let title = ChangedFields(rawValue: 1)
    public static let description = ChangedFields(rawValue: 2)
    public static let due = ChangedFields(rawValue: 4)
    public static let position = ChangedFields(rawValue: 8)
    public static let assignees = ChangedFields(rawValue: 16)
    public static let labels = ChangedFields(rawValue: 32)
    /// Whether the due date is done.
    public static let dueDone = ChangedFields(rawValue: 64)
    public static let checklist = ChangedFields(rawValue: 128)
    public static let comments = ChangedFields(rawValue: 256)
    public static let links = ChangedFields(rawValue: 512)
    /// Adding, deleting or bringing back a card concerns all of it.
    public static let all: ChangedFields = [.title, .description, .due, .position, .assignees, .labels, .dueDone, .checklist, .comments, .links]

    /// The fields `payload`'s effect changes on its card (empty for board and column events).
    public init(of payload: EventPayload) {
        switch payload.effect {
        case .cardAdded, .cardDeleted, .cardRevived: self = .all
        case .cardMoved: self = .position
        case .cardEdited(let edited):
            var fields: ChangedFields = []
            if edited.titleChange != nil { fields.insert(.title) }
            if edited.descriptionChange != nil { fields.insert(.description) }
            if edited.dueChange != nil { fields.insert(.due) }
            self = fields
        case .cardDetail(let changed):
            switch changed.edit {
            case .assigned, .unassigned: self = .assignees
            case .labelled, .unlabelled: self = .labels
            case .dueMarked: self = .dueDone
            case .commentAdded, .commentEdited, .commentDeleted: self = .comments
            case .itemAdded, .itemRenamed, .itemChecked, .itemRemoved, .itemMoved: self = .checklist
            case .linkAttached, .linkRemoved: self = .links
            }
        default: self = []
        }
    }

    /// The fields `payload` changes on `card`: a restore counts through each of its changes.
    public init(of payload: EventPayload, on card: CardID) {
        switch payload {
        case .undone(let undone): self.init(of: undone.compensation, on: card)
        case .redone(let redone): self.init(of: redone.effect, on: card)
        case .restored(let restored):
            self = restored.effects.reduce(into: []) { $0.formUnion(ChangedFields(of: $1, on: card)) }
        default: self = payload.card == card ? ChangedFields(of: payload) : []
        }
    }
}
