/// How members change a board's details (evolve).
extension BoardDetails {
    /// Makes `person` a member, kept sorted, once.
    mutating func addMember(_ person: String) {
        members.insertSorted(person)
    }

    /// Removes `person` from the members, with their role.
    mutating func removeMember(_ person: String) {
        members.removeAll { $0 == person }
        roles[person] = nil
    }
}
