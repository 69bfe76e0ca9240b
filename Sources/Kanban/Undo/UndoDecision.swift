import KanbanCore

/// What undo or redo decided for an actor, before the log gives it a place: the event to append
/// (none when nothing left on the stack can be undone) and the entries it drops on the way.
struct UndoDecision {
    var event: BoardEvent?
    var dropped: [DroppedEntry]
}
