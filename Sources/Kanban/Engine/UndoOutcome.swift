import KanbanCore

/// What an undo or a redo did: the event it appended and the entries it dropped on the way.
public struct UndoOutcome: Sendable, Equatable {
    /// The event appended: one, or none when there was nothing left that could be undone (or
    /// redone). Nothing is dropped for good then: drops are read from the event appended.
    public var events: [RecordedEvent]
    /// The entries above the one taken that cannot be undone (or redone) at all, newest first:
    /// with an event appended, they are off the stack for good.
    public var dropped: [DroppedEntry]

    public init(events: [RecordedEvent], dropped: [DroppedEntry] = []) {
        self.events = events
        self.dropped = dropped
    }
}
