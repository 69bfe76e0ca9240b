import KanbanCore

/// What a command did: the events it appended and, for an undo or a redo, the entries it
/// dropped from the stack on the way (see ``KanbanEngine/perform(_:actor:at:)``).
public struct CommandOutcome: Sendable, Equatable {
    /// The events appended: none when the command changed nothing, or when an undo (or redo)
    /// found nothing left that could be undone (or redone) — nothing is dropped for good then:
    /// drops are read from the event appended.
    public var events: [RecordedEvent]
    /// The entries above the one taken that cannot be undone (or redone) at all, newest first:
    /// with an event appended, they are off the stack for good.
    public var dropped: [DroppedEntry]

    public init(events: [RecordedEvent], dropped: [DroppedEntry] = []) {
        self.events = events
        self.dropped = dropped
    }
}
