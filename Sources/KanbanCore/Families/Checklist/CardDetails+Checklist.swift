/// How checklist changes change a card's details (evolve). A change to an item no longer there
/// changes nothing; indexes are clamped.
extension CardDetails {
    /// Adds `item` at `index`, once.
    mutating func addItem(_ item: ChecklistItem, at index: Int) {
        guard !checklist.contains(where: { $0.id == item.id }) else { return }
        checklist.insert(item, clampedAt: index)
    }

    /// Changes item `id`'s text.
    mutating func renameItem(_ id: DetailID, to text: String) {
        guard let position = checklist.firstIndex(where: { $0.id == id }) else { return }
        checklist[position].text = text
    }

    /// Checks (`done`) or unchecks item `id`.
    mutating func checkItem(_ id: DetailID, done: Bool) {
        guard let position = checklist.firstIndex(where: { $0.id == id }) else { return }
        checklist[position].done = done
    }

    /// Removes item `id`.
    mutating func removeItem(_ id: DetailID) {
        checklist.removeAll { $0.id == id }
    }

    /// Moves item `id` to `index`.
    mutating func moveItem(_ id: DetailID, to index: Int) {
        guard let position = checklist.firstIndex(where: { $0.id == id }) else { return }
        let item = checklist.remove(at: position)
        checklist.insert(item, clampedAt: index)
    }
}
