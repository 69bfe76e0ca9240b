extension Array {
    /// Inserts `element` at `index`, clamped to the list: an event's index may be out of date.
    mutating func insert(_ element: Element, clampedAt index: Int) {
        insert(element, at: Swift.min(Swift.max(index, 0), count))
    }
}
