import KanbanCore

/// The shortest id prefix, of at least eight characters, that tells a set of cards apart.
enum ShortID {
    static let minimumLength = 8

    static func length(for ids: [CardID]) -> Int {
        let sorted = ids.map(\.description).sorted()
        var length = minimumLength
        for (previous, next) in zip(sorted, sorted.dropFirst()) {
            let common = zip(previous, next).prefix { $0 == $1 }.count
            length = max(length, common + 1)
        }
        return length
    }
}
