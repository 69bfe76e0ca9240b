import KanbanCore

/// The `data` of a `cardEdited` event (`kanban log --json`): `{"card", "title", "changes"}`,
/// `card` the card's id and `title` its title after the edit.
public struct CardEditedOutput: Codable, Sendable, Equatable {
    /// The card's id, as a lowercase UUID.
    public var card: String
    /// Its title after the edit.
    public var title: String
    public var changes: CardChangesOutput

    public init(card: String, title: String, changes: CardChangesOutput) {
        self.card = card
        self.title = title
        self.changes = changes
    }

    /// The form of `event`.
    public init(event: CardEdited) {
        self.init(
            card: event.card.description, title: event.title,
            changes: CardChangesOutput(
                title: event.titleChange.map { ChangeOutput(old: $0.old, new: $0.new) },
                description: event.descriptionChange.map { ChangeOutput(old: $0.old, new: $0.new) },
                due: event.dueChange.map { ChangeOutput(old: $0.old?.description, new: $0.new?.description) }
            )
        )
    }
}
