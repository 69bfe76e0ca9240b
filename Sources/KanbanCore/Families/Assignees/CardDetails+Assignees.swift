/// How assignments change a card's details (evolve).
extension CardDetails {
    /// Assigns `person`, kept sorted, once.
    mutating func assign(_ person: String) {
        assignees.insertSorted(person)
    }

    /// Unassigns `person`.
    mutating func unassign(_ person: String) {
        assignees.removeAll { $0 == person }
    }
}
