/// Giving members roles and changing a board's visibility: deciding, undoing, restoring.
extension Decider {
    /// Gives member `person` `role`; with `adding`, makes them a member first when they are not
    /// (then they are added, and given the role when it is not ``BoardRole/member``).
    static func decideSetMemberRole(_ person: String, role: BoardRole, adding: Bool, board boardName: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let board = try board(boardName, in: state)
        let person = try Limits.checkedName(person)
        let details = state.details(ofBoard: board.id)
        guard let current = details.role(ofMember: person) else {
            guard adding else { throw .invalidDetail("\(person) is not a member of board '\(board.name)'") }
            if role == .member { return try decideAddMember(person, board: boardName, in: state) }
            if details.members.count >= Limits.detailsPerCard { throw .invalidDetail("a board has at most \(Limits.detailsPerCard) members") }
            return boardDetailEvent(board, .memberRoleChanged(person, Change(old: nil, new: role)))
        }
        guard current != role else { return [] }
        return boardDetailEvent(board, .memberRoleChanged(person, Change(old: current, new: role)))
    }

    /// Makes the board visible to `visibility`.
    static func decideSetVisibility(_ visibility: BoardVisibility, board boardName: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let board = try board(boardName, in: state)
        let current = state.details(ofBoard: board.id).visibility
        guard current != visibility else { return [] }
        return boardDetailEvent(board, .visibilityChanged(Change(old: current, new: visibility)))
    }

    static func undoSetRole(_ person: String, _ change: Change<BoardRole?>, details: BoardDetails, refuse: (String) -> KanbanError) throws(KanbanError) -> BoardDetailEdit {
        let role = details.role(ofMember: person)
        guard role == change.new else {
            throw refuse(role.map { "\(person) is \($0.rawValue) now" } ?? "\(person) is no longer a member")
        }
        return .memberRoleChanged(person, Change(old: change.new, new: change.old))
    }

    static func undoSetVisibility(_ change: Change<BoardVisibility>, details: BoardDetails) -> BoardDetailEdit {
        .visibilityChanged(Change(old: details.visibility, new: change.old))
    }

    /// For a restore, after members come and go (``restoreMembers(from:to:emit:)``, with their
    /// roles): the roles of then of those who stayed come back, and the visibility of then.
    static func restoreAccess(from start: BoardDetails, to target: BoardDetails, emit: (BoardDetailEdit) -> Void) {
        for person in target.members where start.members.contains(person) {
            let then = target.role(ofMember: person) ?? .member
            let now = start.role(ofMember: person) ?? .member
            if then != now { emit(.memberRoleChanged(person, Change(old: now, new: then))) }
        }
        if start.visibility != target.visibility { emit(.visibilityChanged(Change(old: start.visibility, new: target.visibility))) }
    }
}
