/// What undo and redo call a column in their messages: its name now, or, once removed, the name
/// it had when it was removed.
struct ColumnNaming {
    let state: KanbanState
    let removed: RemovedColumnNames

    subscript(column: ColumnID) -> String? {
        state.columns[column]?.name ?? removed[column]
    }
}
