/// Who may read and change which board: the one rule every command and every read obeys.
extension KanbanState {
    /// What `principal` may do on board `board`: ``BoardRole/admin`` for a server administrator,
    /// a member's role, else what the board's visibility gives everyone (`open`: editor,
    /// `public`: viewer); `nil` when they may not even read it.
    public func role(of principal: Principal, onBoard board: BoardID) -> BoardRole? {
        if principal.isAdministrator { return .admin }
        let details = details(ofBoard: board)
        if let role = details.role(ofMember: principal.person) { return role }
        switch details.visibility {
        case .open: return .editor
        case .public: return .viewer
        case .members: return nil
        }
    }

    /// Whether `principal` may read board `board`.
    public func mayRead(_ board: BoardID, as principal: Principal) -> Bool {
        role(of: principal, onBoard: board) != nil
    }

    /// The boards `principal` may read, in board order.
    public func readableBoards(as principal: Principal) -> [BoardID] {
        principal.isAdministrator ? boardOrder : boardOrder.filter { mayRead($0, as: principal) }
    }
}
