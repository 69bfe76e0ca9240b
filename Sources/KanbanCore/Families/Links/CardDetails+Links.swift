/// How links change a card's details (evolve).
extension CardDetails {
    /// Attaches `link` at `index` (clamped), once.
    mutating func attachLink(_ link: CardLink, at index: Int) {
        guard !links.contains(where: { $0.id == link.id }) else { return }
        links.insert(link, clampedAt: index)
    }

    /// Removes link `id`.
    mutating func removeLink(_ id: DetailID) {
        links.removeAll { $0.id == id }
    }
}
