/// The one rule for who may change what, applied to every command's events where commands are
/// decided (so the HTTP API, sync pushes, replicas writing through a server and imports obey it
/// alike): each event needs a least role on its board.
///
/// | events | least role |
/// |---|---|
/// | comments added, edited, deleted | commenter |
/// | cards, their details, columns, labels, limits, the board's name | editor |
/// | members, roles, visibility, removing or restoring the board | admin |
/// | creating a board, any event on a board not in the state | server administrator |
///
/// An undo or a redo needs what its effect needs.
public enum AccessRule {
    /// The least role on its board that may make `payload`; `nil` when only a server
    /// administrator may.
    public static func neededRole(for payload: EventPayload) -> BoardRole? {
        switch payload {
        case .boardCreated: nil
        case .boardRemoved, .restored: .admin
        case .boardRenamed, .columnAdded, .columnRenamed, .columnRemoved, .columnMoved,
             .cardAdded, .cardEdited, .cardMoved, .cardDeleted, .cardRevived:
            .editor
        case .cardDetail(let changed):
            switch changed.edit {
            case .commentAdded, .commentEdited, .commentDeleted: .commenter
            default: .editor
            }
        case .boardDetail(let changed):
            switch changed.edit {
            case .memberAdded, .memberRemoved, .memberRoleChanged, .visibilityChanged: .admin
            case .labelChanged, .columnLimited: .editor
            }
        case .undone(let undone): neededRole(for: undone.compensation)
        case .redone(let redone): neededRole(for: redone.effect)
        }
    }

    /// Refuses `command` before it is decided: when it names a board `principal` may not read,
    /// as ``KanbanError/unknownBoard(_:)`` (whether a card or a column is there is not told
    /// either), and when their role there is below what the command needs (so a change that would
    /// change nothing is refused alike). Undo and redo are checked by their events alone.
    public static func checkBeforeDeciding(_ command: Command, by principal: Principal, in state: KanbanState) throws(KanbanError) {
        guard !principal.isAdministrator else { return }
        if case .createBoard(let name, _) = command { throw .notAllowed(needed: nil, board: name, role: nil) }
        guard let name = command.boardName, let board = state.board(named: name) else { return }
        guard let role = state.role(of: principal, onBoard: board.id) else { throw .unknownBoard(name) }
        if let needed = neededRole(for: command), role < needed { throw .notAllowed(needed: needed, board: board.name, role: role) }
    }

    /// The least role a command needs on the board it names, before its events are known;
    /// `nil` for undo and redo (their events say) and for a new board (a server administrator's).
    public static func neededRole(for command: Command) -> BoardRole? {
        switch command {
        case .createBoard, .undo, .redo: nil
        case .removeBoard, .restore, .addMember, .removeMember, .setMemberRole, .setVisibility: .admin
        case .addComment, .editComment, .deleteComment: .commenter
        default: .editor
        }
    }

    /// Checks that `principal` may make each of `events` in `state` (the state they are decided
    /// on). A board they may not read is refused as ``KanbanError/unknownBoard(_:)``, as if it did
    /// not exist; one they may read but not change so, as ``KanbanError/notAllowed(needed:board:role:)``.
    ///
    /// The default board that a log's first write makes (the engine's own event,
    /// ``DefaultBoard/bootstrap(in:ids:)``) is not the person's doing: reads showed it already,
    /// as an open board, so a member's first write on it is checked on the board it makes.
    public static func check(_ events: [BoardEvent], by principal: Principal, in state: KanbanState) throws(KanbanError) {
        guard !principal.isAdministrator else { return }
        var state = state
        var events = events[...]
        if DefaultBoard.isPending(in: state), let first = events.first, first.actor == UndoStacks.systemActor,
           case .boardCreated(let created) = first.payload, created.name == DefaultBoard.name {
            state.apply(first.payload, board: first.board)
            events = events.dropFirst()
        }
        for event in events {
            let needed = neededRole(for: event.payload)
            guard let board = state.boards[event.board] else {
                throw .notAllowed(needed: nil, board: boardName(of: event.payload) ?? "", role: nil)
            }
            guard let role = state.role(of: principal, onBoard: board.id) else { throw .unknownBoard(board.name) }
            guard let needed else { throw .notAllowed(needed: nil, board: board.name, role: role) }
            if role < needed { throw .notAllowed(needed: needed, board: board.name, role: role) }
        }
    }

    /// The board a creation names.
    private static func boardName(of payload: EventPayload) -> String? {
        if case .boardCreated(let created) = payload { return created.name }
        return nil
    }
}
