/// How labels put on and taken off change a card's details (evolve).
extension CardDetails {
    /// Puts on `label`, kept sorted, once.
    mutating func label(_ label: String) {
        labels.insertSorted(label)
    }

    /// Takes off `label`.
    mutating func unlabel(_ label: String) {
        labels.removeAll { $0 == label }
    }
}
