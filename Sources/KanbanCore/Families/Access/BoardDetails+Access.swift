/// How roles and visibility change a board's details (evolve), and a member's role.
extension BoardDetails {
    /// The role of `person` when a member (``BoardRole/member`` when none was given), else `nil`.
    public func role(ofMember person: String) -> BoardRole? {
        guard members.contains(person) else { return nil }
        return roles[person] ?? .member
    }

    /// Gives `person` the role `role`, making them a member, or takes their membership (`nil`).
    mutating func setRole(_ role: BoardRole?, of person: String) {
        guard let role else { return removeMember(person) }
        addMember(person)
        roles[person] = role == .member ? nil : role
    }
}
