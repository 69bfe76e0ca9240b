import KanbanCore

/// What deciding a command gave: the events to append, and the undo (or redo) stack entries
/// dropped on the way because they cannot be undone at all.
struct Decision {
    var events: [BoardEvent]
    var dropped: [DroppedEntry] = []
}
