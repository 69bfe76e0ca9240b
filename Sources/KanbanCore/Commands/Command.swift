/// What someone asks for: every change the engine makes goes through one of these. Boards are
/// named, columns are named (case-insensitively) and cards are given by id or a unique prefix of
/// it. ``Decider`` checks card and board commands against the state and turns them into events;
/// undo, redo and restore also need the log (the action undone, the board as it was), so the
/// engine reads that first and then asks ``Decider`` (`KanbanEngine.decide`).
public enum Command: Hashable, Sendable {
    /// Add a card to `column` (default: the board's first) at `index` (default: the end), or
    /// just before the card `before`, else just after the card `after`, when that card is in
    /// the column as the command is decided (``Decider/index(before:after:placing:column:board:in:)``).
    case addCard(
        board: String, title: String, description: String = "", due: Due? = nil, column: String? = nil, index: Int? = nil,
        before: String? = nil, after: String? = nil
    )
    /// Change a card's title, description or due date; `nil` leaves a field alone.
    case editCard(board: String, card: String, title: String? = nil, description: String? = nil, due: DueUpdate? = nil)
    /// Change a card as ``editCard(board:card:title:description:due:)`` does, unless someone
    /// else changed one of the same fields after event `since` (the board the change was made
    /// on): then ``KanbanError/editConflict(title:actor:sequence:field:)``. Decided by the
    /// engine, which reads the log after `since`.
    case editCardIfUnchanged(board: String, card: String, title: String? = nil, description: String? = nil, due: DueUpdate? = nil, since: UInt64)
    /// Move a card to `column` at `index` (0-based, counted without the card; default: the end),
    /// or just before the card `before`, else just after the card `after`, when that card is in
    /// the column as the command is decided: so a move made on an older copy of the board keeps
    /// its intent when other changes landed first.
    case moveCard(board: String, card: String, column: String, index: Int? = nil, before: String? = nil, after: String? = nil)
    /// Delete a card.
    case deleteCard(board: String, card: String)
    /// Bring back a deleted card (its id or a unique prefix) with its id, title, description
    /// and due date: to its old column and index (clamped) by default, or to `column` at
    /// `index`. The deleted card is read from the log (``Decider/revive(board:card:column:index:deleted:in:)``);
    /// ``Decider/decide(_:in:ids:)`` alone knows of none and rejects it as an unknown card.
    case reviveCard(board: String, card: String, column: String? = nil, index: Int? = nil)
    /// Make a board with these columns (default TODO, DOING, DONE).
    case createBoard(name: String, columns: [String] = DefaultBoard.columns)
    /// Rename a board.
    case renameBoard(board: String, to: String)
    /// Remove a board that holds no cards.
    case removeBoard(board: String)
    /// Add a column at `index` (default: after the last).
    case addColumn(board: String, name: String, index: Int? = nil)
    /// Rename a column.
    case renameColumn(board: String, column: String, to: String)
    /// Move a column to `index` (0-based) of the board's list of columns.
    case moveColumn(board: String, column: String, index: Int)
    /// Remove a column that holds no cards.
    case removeColumn(board: String, column: String)
    /// Assign `person` to a card.
    case assign(board: String, card: String, person: String)
    /// Unassign `person` from a card.
    case unassign(board: String, card: String, person: String)
    /// Put label `label` on a card (a label the board has not made shows grey).
    case label(board: String, card: String, label: String)
    /// Take label `label` off a card.
    case unlabel(board: String, card: String, label: String)
    /// Mark a card's due date done, or not done.
    case markDue(board: String, card: String, done: Bool)
    /// Write a comment on a card, as the actor.
    case addComment(board: String, card: String, text: String)
    /// Change a comment (its id or a unique prefix); only its author may.
    case editComment(board: String, card: String, comment: String, text: String)
    /// Delete a comment; only its author may.
    case deleteComment(board: String, card: String, comment: String)
    /// Add an item to a card's checklist `checklist` (default "Checklist") at `index` of the
    /// card's items (default: after the last).
    case addChecklistItem(board: String, card: String, text: String, checklist: String? = nil, index: Int? = nil)
    /// Change a checklist item's text.
    case renameChecklistItem(board: String, card: String, item: String, text: String)
    /// Check (`done`) or uncheck a checklist item.
    case checkChecklistItem(board: String, card: String, item: String, done: Bool)
    /// Remove a checklist item.
    case removeChecklistItem(board: String, card: String, item: String)
    /// Move a checklist item to `index` of the card's items.
    case moveChecklistItem(board: String, card: String, item: String, index: Int)
    /// Attach a link (`http`, `https` or `mailto`) named `name` (default: the address).
    case attachLink(board: String, card: String, url: String, name: String? = nil)
    /// Remove a link.
    case removeLink(board: String, card: String, link: String)
    /// Make `person` a member of a board.
    case addMember(board: String, person: String)
    /// Remove `person` from a board's members (the cards they are assigned to keep them).
    case removeMember(board: String, person: String)
    /// Give member `person` the role `role` on a board; with `adding`, make them a member
    /// first when they are not (else that is refused).
    case setMemberRole(board: String, person: String, role: BoardRole, adding: Bool = false)
    /// Change who may see a board besides its members.
    case setVisibility(board: String, visibility: BoardVisibility)
    /// Make, recolour (`colour`) or remove (`nil`) a board's label.
    case setLabel(board: String, name: String, colour: String?)
    /// Set a column's work in progress limit, or lift it (`nil`). The limit only warns: the
    /// column takes cards over it (a strict limit set before becomes a plain one).
    case setColumnLimit(board: String, column: String, limit: Int?)
    /// Set a strict work in progress limit: the column refuses an add, a move into it or a
    /// revival into it that would put it over (``KanbanError/columnFull(_:limit:)``). Undo, redo
    /// and restore are never refused by it: they put back what was.
    case setStrictColumnLimit(board: String, column: String, limit: Int)
    /// Undo the actor's last action not yet undone; `force` overrides a conflict with a later
    /// change by someone else.
    case undo(force: Bool = false)
    /// Redo the actor's last undo.
    case redo(force: Bool = false)
    /// Make board `board` as it was at `point`, with one `restored` event.
    case restore(board: String, to: PointInTime)
}
