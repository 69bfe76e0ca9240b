/// A set of card ids that can also hand out a random member in O(1).
struct LiveCards: Sendable {
    private var ids: [CardID] = []
    private var positions: [CardID: Int] = [:]

    var isEmpty: Bool { ids.isEmpty }

    mutating func insert(_ id: CardID) {
        guard positions[id] == nil else { return }
        positions[id] = ids.count
        ids.append(id)
    }

    mutating func remove(_ id: CardID) {
        guard let position = positions.removeValue(forKey: id) else { return }
        let last = ids.removeLast()
        if position < ids.count {
            ids[position] = last
            positions[last] = position
        }
    }

    func randomElement(using generator: inout SeededGenerator) -> CardID {
        ids[Int.random(in: 0..<ids.count, using: &generator)]
    }
}
