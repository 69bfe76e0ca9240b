import KanbanCore

/// One mutation as `POST /api/sync/push` reads it: `{"id", "name", "args", "since"?}`.
public struct MutationWire: Codable, Sendable, Equatable {
    /// The replica's number for it: 1, 2, 3…
    public var id: UInt64
    /// `addCard`, `editCard`, `moveCard`, `deleteCard`, `reviveCard`, `undo`, `redo`,
    /// `createBoard`, `renameBoard`, `removeBoard`, `addColumn`, `renameColumn`, `moveColumn`,
    /// `removeColumn`, and the changes to details (``MutationArguments``).
    public var name: String
    public var args: MutationArguments
    /// The replica's last event when the change was made: someone else's later change to the
    /// same thing makes the server refuse it as a conflict.
    public var since: UInt64?

    public init(id: UInt64, name: String, args: MutationArguments, since: UInt64? = nil) {
        self.id = id
        self.name = name
        self.args = args
        self.since = since
    }

    /// `command` as mutation `id`; `newCard` is the id an added card gets, `newDetail` the id an
    /// added comment, checklist item or link gets. A restore cannot be queued (it needs the log
    /// as it is): it throws ``ReplicaError/notQueueable(_:)``.
    public init(id: UInt64, command: Command, newCard: CardID? = nil, newDetail: DetailID? = nil, since: UInt64? = nil) throws(ReplicaError) {
        var args = MutationArguments()
        let name: String
        switch command {
        case .addCard(let board, let title, let description, let due, let column, let index):
            name = "addCard"
            (args.board, args.title, args.column, args.at) = (board, title, column, index)
            args.description = description.isEmpty ? nil : description
            args.due = due.map { .some($0.description) }
            args.card = newCard?.description
        case .editCard(let board, let card, let title, let description, let due),
             .editCardIfUnchanged(let board, let card, let title, let description, let due, _):
            name = "editCard"
            (args.board, args.card, args.title, args.description) = (board, card, title, description)
            switch due {
            case nil: break
            case .remove: args.due = .some(nil)
            case .set(let date): args.due = .some(date.description)
            }
        case .moveCard(let board, let card, let column, let index):
            name = "moveCard"
            (args.board, args.card, args.column, args.at) = (board, card, column, index)
        case .deleteCard(let board, let card):
            name = "deleteCard"
            (args.board, args.card) = (board, card)
        case .reviveCard(let board, let card, let column, let index):
            name = "reviveCard"
            (args.board, args.card, args.column, args.at) = (board, card, column, index)
        case .createBoard(let board, let columns):
            name = "createBoard"
            (args.name, args.columns) = (board, columns)
        case .renameBoard(let board, let to):
            name = "renameBoard"
            (args.board, args.to) = (board, to)
        case .removeBoard(let board):
            name = "removeBoard"
            args.board = board
        case .addColumn(let board, let column, let index):
            name = "addColumn"
            (args.board, args.name, args.at) = (board, column, index)
        case .renameColumn(let board, let column, let to):
            name = "renameColumn"
            (args.board, args.column, args.to) = (board, column, to)
        case .moveColumn(let board, let column, let index):
            name = "moveColumn"
            (args.board, args.column, args.at) = (board, column, index)
        case .removeColumn(let board, let column):
            name = "removeColumn"
            (args.board, args.column) = (board, column)
        case .undo(let force):
            name = "undo"
            args.force = force
        case .redo(let force):
            name = "redo"
            args.force = force
        case .restore:
            throw .notQueueable("restore")
        default:
            guard let detail = Self.detailArguments(of: command, newDetail: newDetail) else {
                throw .notQueueable("this change")
            }
            (name, args) = detail
        }
        self.init(id: id, name: name, args: args, since: since)
    }
}
