import KanbanCore

/// What `undo` and `redo` would do next for an actor.
public struct UndoPreview: Sendable, Equatable {
    /// The event undo would reverse: an action or a redo.
    public var undo: RecordedEvent?
    /// The undo event redo would reverse.
    public var redo: RecordedEvent?

    public init(undo: RecordedEvent?, redo: RecordedEvent?) {
        self.undo = undo
        self.redo = redo
    }
}
