extension Array where Element == String {
    /// Puts `name` in, kept sorted, once: the order never depends on history, so an undone
    /// unassign puts a person back where they were.
    mutating func insertSorted(_ name: String) {
        let index = firstIndex { $0 >= name } ?? endIndex
        if index < endIndex && self[index] == name { return }
        insert(name, at: index)
    }
}
