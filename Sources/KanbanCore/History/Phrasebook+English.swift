extension Phrasebook {
    /// English, as the apps wrote it: "Moved 'X' from TODO to DOING."
    public static let english = Phrasebook(
        added: "Added '{title}'.",
        moved: "Moved '{title}' from {from} to {to}.",
        reordered: "Reordered '{title}' in {column}.",
        removed: "Removed '{title}' from {column}.",
        revived: "Brought back '{title}'.",
        edited: "Edited '{title}': {fields}.",
        undid: "Undid: {line}",
        redid: "Redid: {line}",
        boardCreated: "Created board '{name}'.",
        boardRenamed: "Renamed board '{from}' to '{to}'.",
        boardRemoved: "Removed board '{name}'.",
        columnAdded: "Added column '{name}'.",
        columnRenamed: "Renamed column '{from}' to '{to}'.",
        columnRemoved: "Removed column '{name}'.",
        columnMoved: "Moved column '{name}' to position {index}.",
        restored: "Restored the board to #{sequence} ({date}).",
        add: "Add '{title}'",
        move: "Move '{title}' from {from} to {to}",
        reorder: "Reorder '{title}' in {column}",
        remove: "Remove '{title}' from {column}",
        revive: "Bring back '{title}'",
        edit: "Edit '{title}': {fields}",
        createBoard: "Create board '{name}'",
        renameBoard: "Rename board '{from}' to '{to}'",
        removeBoard: "Remove board '{name}'",
        addColumn: "Add column '{name}'",
        renameColumn: "Rename column '{from}' to '{to}'",
        removeColumn: "Remove column '{name}'",
        moveColumn: "Move column '{name}' to position {index}",
        restore: "Restore the board to #{sequence} ({date})",
        undoNext: "Undo: {line}",
        redoNext: "Redo: {line}",
        nothingToUndo: "Nothing to undo.",
        nothingToRedo: "Nothing to redo.",
        title: "title",
        description: "description",
        dueDate: "due date",
        fieldSeparator: ", ",
        details: DetailPhrase.english,
        formatDate: { year, month, day, hour, minute in
            "\(year)-\(pad2(month))-\(pad2(day)) \(pad2(hour)):\(pad2(minute))"
        }
    )
}

/// Two digits, zero-padded.
func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
