extension KanbanError {
    /// The refusal's kind as a stable name (the case's name: `columnFull`, `editConflict`…), so
    /// that a client can word it in its person's language rather than show ``description``.
    public var code: String {
        switch self {
        case .unknownBoard: "unknownBoard"
        case .unknownCard: "unknownCard"
        case .ambiguousCard: "ambiguousCard"
        case .unknownColumn: "unknownColumn"
        case .emptyTitle: "emptyTitle"
        case .titleTooLong: "titleTooLong"
        case .descriptionTooLong: "descriptionTooLong"
        case .indexOutOfRange: "indexOutOfRange"
        case .malformedDate: "malformedDate"
        case .emptyName: "emptyName"
        case .nameTooLong: "nameTooLong"
        case .duplicateBoard: "duplicateBoard"
        case .duplicateColumn: "duplicateColumn"
        case .boardNotEmpty: "boardNotEmpty"
        case .columnNotEmpty: "columnNotEmpty"
        case .lastColumn: "lastColumn"
        case .tooManyBoards: "tooManyBoards"
        case .tooManyColumns: "tooManyColumns"
        case .spanTooLong: "spanTooLong"
        case .invalidActor: "invalidActor"
        case .nothingToUndo: "nothingToUndo"
        case .nothingToRedo: "nothingToRedo"
        case .undoConflict: "undoConflict"
        case .editConflict: "editConflict"
        case .changedSince: "changedSince"
        case .cardIDTaken: "cardIDTaken"
        case .detailIDTaken: "detailIDTaken"
        case .unreadableMutation: "unreadableMutation"
        case .cannotUndo: "cannotUndo"
        case .unknownDetail: "unknownDetail"
        case .invalidDetail: "invalidDetail"
        case .notYourComment: "notYourComment"
        case .cannotRestore: "cannotRestore"
        case .cannotRevive: "cannotRevive"
        case .columnFull: "columnFull"
        case .outsideLog: "outsideLog"
        case .corruptEvent: "corruptEvent"
        case .needsHistory: "needsHistory"
        case .foreignClient: "foreignClient"
        case .notAllowed: "notAllowed"
        }
    }

    /// The names and numbers a client's own sentence for ``code`` needs (`column` and `limit`
    /// of a full column, `actor` of a conflict…), as text. Free-form reasons (an invalid detail,
    /// why an undo cannot be done) are left out: they have no words but the server's.
    public var values: [String: String] {
        switch self {
        case .unknownBoard(let name), .duplicateBoard(let name), .lastColumn(let name): ["board": name]
        case .unknownCard(let card), .cardIDTaken(let card): ["card": card]
        case .ambiguousCard(let card, let matches): ["card": card, "matches": String(matches)]
        case .unknownColumn(let column, let board), .duplicateColumn(let column, let board): ["column": column, "board": board]
        case .titleTooLong(let length), .descriptionTooLong(let length), .nameTooLong(let length):
            ["length": String(length), "maximum": String(self.maximumLength)]
        case .indexOutOfRange(let index, let column, let maximum): ["index": String(index), "column": column, "maximum": String(maximum)]
        case .malformedDate(let text): ["text": text]
        case .boardNotEmpty(let board, let cards): ["board": board, "cards": String(cards)]
        case .columnNotEmpty(let column, let cards): ["column": column, "cards": String(cards)]
        case .tooManyBoards(let maximum): ["maximum": String(maximum)]
        case .tooManyColumns(let board, let maximum): ["board": board, "maximum": String(maximum)]
        case .spanTooLong(let days, let maximum): ["days": String(days), "maximum": String(maximum)]
        case .invalidActor(let actor), .nothingToUndo(let actor), .nothingToRedo(let actor): ["actor": actor]
        case .undoConflict(let action, let actor, _, let change): ["action": action, "actor": actor, "change": change]
        case .editConflict(let title, let actor, _, let field): ["title": title, "actor": actor, "field": field]
        case .changedSince(let title, let actor, _, let change): ["title": title, "actor": actor, "change": change]
        case .unknownDetail(let detail, let what, let card): ["detail": detail, "what": what, "card": card]
        case .notYourComment(let author): ["author": author]
        case .columnFull(let column, let limit): ["column": column, "limit": String(limit)]
        case .foreignClient(let client): ["client": client]
        case .notAllowed(let needed, let board, let role):
            ["needed": needed?.rawValue ?? "administrator", "board": board, "role": role?.rawValue ?? ""].filter { !$0.value.isEmpty }
        case .emptyTitle, .emptyName, .detailIDTaken, .unreadableMutation, .cannotUndo, .invalidDetail,
             .cannotRestore, .cannotRevive, .outsideLog, .corruptEvent, .needsHistory:
            [:]
        }
    }

    /// The most characters of the text a length error is about.
    private var maximumLength: Int {
        switch self {
        case .titleTooLong: Limits.titleLength
        case .descriptionTooLong: Limits.descriptionLength
        default: Limits.nameLength
        }
    }
}
