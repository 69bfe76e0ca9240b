extension Command {
    /// The board the command names, or `nil` for one that names none (create a board: it names
    /// a new one; undo and redo: the log says which).
    public var boardName: String? {
        switch self {
        case .addCard(let board, _, _, _, _, _, _, _),
             .editCard(let board, _, _, _, _), .editCardIfUnchanged(let board, _, _, _, _, _),
             .moveCard(let board, _, _, _, _, _), .deleteCard(let board, _), .reviveCard(let board, _, _, _),
             .renameBoard(let board, _), .removeBoard(let board),
             .addColumn(let board, _, _), .renameColumn(let board, _, _), .moveColumn(let board, _, _), .removeColumn(let board, _),
             .assign(let board, _, _), .unassign(let board, _, _), .label(let board, _, _), .unlabel(let board, _, _),
             .markDue(let board, _, _), .addComment(let board, _, _), .editComment(let board, _, _, _), .deleteComment(let board, _, _),
             .addChecklistItem(let board, _, _, _, _), .renameChecklistItem(let board, _, _, _), .checkChecklistItem(let board, _, _, _),
             .removeChecklistItem(let board, _, _), .moveChecklistItem(let board, _, _, _),
             .attachLink(let board, _, _, _), .removeLink(let board, _, _),
             .addMember(let board, _), .removeMember(let board, _), .setMemberRole(let board, _, _, _), .setVisibility(let board, _),
             .setLabel(let board, _, _), .setColumnLimit(let board, _, _), .setStrictColumnLimit(let board, _, _),
             .restore(let board, _):
            board
        case .createBoard, .undo, .redo:
            nil
        }
    }
}
