import KanbanCore

/// What `undo` and `redo` would do next for an actor.
public struct UndoPreview: Sendable, Equatable {
    /// The event undo would reverse: an action or a redo.
    public var undo: RecordedEvent?
    /// The undo event redo would reverse.
    public var redo: RecordedEvent?
    /// The entries above ``undo`` that cannot be undone at all, newest first: undo would drop them.
    public var droppedFromUndo: [DroppedEntry]
    /// The entries above ``redo`` that cannot be redone at all, newest first: redo would drop them.
    public var droppedFromRedo: [DroppedEntry]

    public init(undo: RecordedEvent?, redo: RecordedEvent?, droppedFromUndo: [DroppedEntry] = [], droppedFromRedo: [DroppedEntry] = []) {
        self.undo = undo
        self.redo = redo
        self.droppedFromUndo = droppedFromUndo
        self.droppedFromRedo = droppedFromRedo
    }
}
