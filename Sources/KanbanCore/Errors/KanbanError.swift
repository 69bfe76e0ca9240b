/// Why a command was rejected. Nothing is appended when one is thrown.
public enum KanbanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No board has this name.
    case unknownBoard(String)
    /// No live card on the board has an id starting with this.
    case unknownCard(String)
    /// More than one live card has an id starting with this.
    case ambiguousCard(String, matches: Int)
    /// The board has no column of this name.
    case unknownColumn(String, board: String)
    /// The title is empty once trimmed.
    case emptyTitle
    /// The title is longer than ``Limits/titleLength`` characters.
    case titleTooLong(length: Int)
    /// The description is longer than ``Limits/descriptionLength`` characters.
    case descriptionTooLong(length: Int)
    /// The index is outside `0...maximum` for the column.
    case indexOutOfRange(Int, column: String, maximum: Int)
    /// The text is not an ISO 8601 date or date-time.
    case malformedDate(String)
    /// A board or column name is empty once trimmed.
    case emptyName
    /// A board or column name is longer than ``Limits/nameLength`` characters.
    case nameTooLong(length: Int)
    /// A board of this name exists already.
    case duplicateBoard(String)
    /// The board has a column of this name already.
    case duplicateColumn(String, board: String)
    /// The board still holds cards.
    case boardNotEmpty(String, cards: Int)
    /// The column still holds cards.
    case columnNotEmpty(String, cards: Int)
    /// A board keeps at least one column.
    case lastColumn(String)
    /// The log holds ``Limits/boards`` boards already.
    case tooManyBoards(maximum: Int)
    /// The board (or the one to be made) would have more than ``Limits/columnsPerBoard`` columns.
    case tooManyColumns(board: String, maximum: Int)
    /// A span of days longer than a report covers (``Limits/reportDays``).
    case spanTooLong(days: Int64, maximum: Int64)
    /// The actor's name is empty once trimmed, or longer than ``Limits/nameLength`` characters.
    case invalidActor(String)
    /// The actor has nothing to undo.
    case nothingToUndo(actor: String)
    /// The actor has nothing to redo.
    case nothingToRedo(actor: String)
    /// Undoing (or redoing) would overwrite a later change by someone else.
    case undoConflict(action: String, actor: String, sequence: UInt64, change: String)
    /// Someone else changed `field` of the card titled `title` (event `sequence`) after the
    /// edit's `since`: saving would silently overwrite it.
    case editConflict(title: String, actor: String, sequence: UInt64, field: String)
    /// Someone else `change`d (moved, changed) the card titled `title` (event `sequence`) after
    /// the `since` a synced change was made on: applying it would silently undo theirs.
    case changedSince(title: String, actor: String, sequence: UInt64, change: String)
    /// A new card was given an id that a card of the log has, or had.
    case cardIDTaken(String)
    /// A pushed mutation gave a new comment, checklist item or link an id its card has, or had.
    case detailIDTaken(String)
    /// A synced change whose arguments cannot be read; the reason says what is wrong.
    case unreadableMutation(String)
    /// Undoing (or redoing) is not possible as things stand now.
    case cannotUndo(action: String, reason: String)
    /// No comment, checklist item or link (`what`) on card `card` has an id starting with the text.
    case unknownDetail(String, what: String, card: String)
    /// A value for a card's or board's details that is not acceptable (`reason` says why).
    case invalidDetail(String)
    /// Only a comment's author may edit or delete it.
    case notYourComment(author: String)
    /// The board cannot be restored to that moment.
    case cannotRestore(String)
    /// The deleted card cannot be brought back as asked.
    case cannotRevive(String)
    /// The column holds as many cards as its strict work in progress limit: it takes no more.
    case columnFull(String, limit: Int)
    /// A sequence number or moment outside the log.
    case outsideLog(String)
    /// An event in the log could not be decoded.
    case corruptEvent(sequence: UInt64, reason: String)
    /// The command (undo, redo, restore) is decided with the log, by the engine, not from the state alone.
    case needsHistory(String)
    /// A syncing client id that another actor pushed under first: on a server with tokens, only
    /// that actor may push, pull or listen as it.
    case foreignClient(String)
    /// The person may read the board but their role does not allow the change: `needed` is the
    /// least role that does (`nil`: only a server administrator may).
    case notAllowed(needed: BoardRole?, board: String, role: BoardRole?)

    /// Whether someone else's later change stood in the way (sending the change again without
    /// its `since`, or with `force`, carries it out anyway), rather than the change being impossible.
    public var isConflictWithOthers: Bool {
        switch self {
        case .undoConflict, .editConflict, .changedSince: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .unknownBoard(let name): "unknown board '\(name)'"
        case .unknownCard(let prefix): "unknown card '\(prefix)'"
        case .ambiguousCard(let prefix, let matches): "card '\(prefix)' is ambiguous: \(matches) cards start with it; give more of the id"
        case .unknownColumn(let name, let board): "unknown column '\(name)' on board '\(board)'"
        case .emptyTitle: "the title is empty"
        case .titleTooLong(let length): "the title is \(length) characters long; at most \(Limits.titleLength) are allowed"
        case .descriptionTooLong(let length): "the description is \(length) characters long; at most \(Limits.descriptionLength) are allowed"
        case .indexOutOfRange(let index, let column, let maximum): "index \(index) is out of range for column \(column) (0...\(maximum))"
        case .malformedDate(let text): "'\(text)' is not an ISO 8601 date (2026-12-01) or date-time (2026-12-01T09:30:00Z)"
        case .emptyName: "the name is empty"
        case .nameTooLong(let length): "the name is \(length) characters long; at most \(Limits.nameLength) are allowed"
        case .duplicateBoard(let name): "a board named '\(name)' exists already"
        case .duplicateColumn(let name, let board): "board '\(board)' has a column named '\(name)' already"
        case .boardNotEmpty(let name, let cards): "board '\(name)' still holds \(cards) card\(cards == 1 ? "" : "s")"
        case .columnNotEmpty(let name, let cards): "column '\(name)' still holds \(cards) card\(cards == 1 ? "" : "s")"
        case .lastColumn(let board): "board '\(board)' must keep at least one column"
        case .invalidActor(let name): "'\(name)' is not a valid actor name (1–\(Limits.nameLength) characters)"
        case .nothingToUndo(let actor): "nothing to undo for \(actor)"
        case .nothingToRedo(let actor): "nothing to redo for \(actor)"
        case .undoConflict(let action, let actor, let sequence, let change):
            "cannot \(action): \(actor) \(change) since (#\(sequence)); \(action) would overwrite it (use --force to \(action) anyway)"
        case .cannotUndo(let action, let reason): "cannot \(action): \(reason)"
        case .unknownDetail(let prefix, let what, let card): "card '\(card)' has no \(what) '\(prefix)'"
        case .invalidDetail(let reason): reason
        case .notYourComment(let author): "only \(author), who wrote this comment, may change or delete it"
        case .cannotRestore(let reason): "cannot restore: \(reason)"
        case .cannotRevive(let reason): "cannot bring back: \(reason)"
        case .columnFull(let column, let limit):
            "column '\(column)' is full: its strict limit is \(limit) card\(limit == 1 ? "" : "s"); move a card out or raise the limit first"
        case .outsideLog(let what): "\(what) is outside the log"
        case .corruptEvent(let sequence, let reason): "event #\(sequence) cannot be decoded: \(reason)"
        case .editConflict(let title, let actor, let sequence, let field):
            "the \(field) of '\(title)' was changed by \(actor) (#\(sequence)) after you read it; reload it, or save again without \"since\" to overwrite"
        case .changedSince(let title, let actor, let sequence, let change):
            "'\(title)' was \(change) by \(actor) (#\(sequence)) after you last saw it; reload, or send the change again without \"since\" to apply it anyway"
        case .cardIDTaken(let id): "card id \(id) is taken: a new card needs an id no card has had"
        case .detailIDTaken(let id): "id \(id) is taken on this card: a new comment, checklist item or link needs an id the card has not had"
        case .unreadableMutation(let reason): "the change cannot be read: \(reason)"
        case .tooManyBoards(let maximum): "there are \(maximum) boards already, the most a log holds; remove one first"
        case .tooManyColumns(let board, let maximum): "board '\(board)' may have at most \(maximum) columns"
        case .spanTooLong(let days, let maximum): "the span is \(days) days long; a report covers at most \(maximum) days: give a later since or an earlier until"
        case .needsHistory(let command): "\(command) is decided by the engine, which reads the log"
        case .foreignClient(let client): "client id '\(client)' belongs to another person: sync with a client id of your own"
        case .notAllowed(let needed?, let board, let role):
            "this needs the \(needed.rawValue) role on board '\(board)'\(role.map { "; you are \($0.rawValue)" } ?? "")"
        case .notAllowed(nil, let board, _): "only a server administrator may do this\(board.isEmpty ? "" : " to board '\(board)'")"
        }
    }
}
