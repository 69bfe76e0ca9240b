/// Adding and removing a board's members: deciding, undoing, restoring.
extension Decider {
    static func decideAddMember(_ person: String, board boardName: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let board = try board(boardName, in: state)
        let person = try Limits.checkedName(person)
        let members = state.details(ofBoard: board.id).members
        guard !members.contains(person) else { return [] }
        if members.count >= Limits.detailsPerCard { throw .invalidDetail("a board has at most \(Limits.detailsPerCard) members") }
        return boardDetailEvent(board, .memberAdded(person))
    }

    static func decideRemoveMember(_ person: String, board boardName: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let board = try board(boardName, in: state)
        let person = person.trimmingWhitespace()
        let details = state.details(ofBoard: board.id)
        guard let role = details.role(ofMember: person) else { return [] }
        // Removed with a role of their own: undoing it gives the role back.
        if role != .member { return boardDetailEvent(board, .memberRoleChanged(person, Change(old: role, new: nil))) }
        return boardDetailEvent(board, .memberRemoved(person))
    }

    static func undoAddMember(_ person: String, details: BoardDetails, refuse: (String) -> KanbanError) throws(KanbanError) -> BoardDetailEdit {
        guard details.members.contains(person) else { throw refuse("\(person) is no longer a member") }
        return .memberRemoved(person)
    }

    static func undoRemoveMember(_ person: String, details: BoardDetails, refuse: (String) -> KanbanError) throws(KanbanError) -> BoardDetailEdit {
        guard !details.members.contains(person) else { throw refuse("\(person) is a member again") }
        return .memberAdded(person)
    }

    /// For a restore: members of now only go, those of then come back.
    /// A member with a role of their own goes or comes back with it, in one `memberRoleChanged`.
    static func restoreMembers(from start: BoardDetails, to target: BoardDetails, emit: (BoardDetailEdit) -> Void) {
        for person in start.members where !target.members.contains(person) {
            let role = start.role(ofMember: person) ?? .member
            emit(role == .member ? .memberRemoved(person) : .memberRoleChanged(person, Change(old: role, new: nil)))
        }
        for person in target.members where !start.members.contains(person) {
            let role = target.role(ofMember: person) ?? .member
            emit(role == .member ? .memberAdded(person) : .memberRoleChanged(person, Change(old: nil, new: role)))
        }
    }
}
