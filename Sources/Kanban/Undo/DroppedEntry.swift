import KanbanCore

/// An entry of an actor's undo or redo stack that can no longer be undone (or redone) at all,
/// not even forced, such as the add of a card someone has deleted since. Undo and redo drop
/// such entries on their way to the newest one they can take, and say so.
public struct DroppedEntry: Sendable, Equatable {
    /// The entry: an action or a redo (on the undo stack), or an undo (on the redo stack).
    public var event: RecordedEvent
    /// Why it cannot be undone, such as "card 'Style buttons' no longer exists".
    public var reason: String

    public init(event: RecordedEvent, reason: String) {
        self.event = event
        self.reason = reason
    }
}
