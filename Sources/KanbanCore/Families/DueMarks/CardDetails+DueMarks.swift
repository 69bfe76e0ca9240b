/// How a due mark changes a card's details (evolve).
extension CardDetails {
    /// Marks the due date done, or not done.
    mutating func markDue(done: Bool) {
        dueDone = done
    }
}
