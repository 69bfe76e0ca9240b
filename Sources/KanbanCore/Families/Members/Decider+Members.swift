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
        guard state.details(ofBoard: board.id).members.contains(person) else { return [] }
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
    static func restoreMembers(from start: BoardDetails, to target: BoardDetails, emit: (BoardDetailEdit) -> Void) {
        for person in start.members where !target.members.contains(person) { emit(.memberRemoved(person)) }
        for person in target.members where !start.members.contains(person) { emit(.memberAdded(person)) }
    }
}
