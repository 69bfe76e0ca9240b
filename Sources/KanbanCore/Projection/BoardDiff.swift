/// How a board changed between two moments: cards added, removed, moved and edited.
public struct BoardDiff: Hashable, Sendable {
    /// A card that changed place: another column, or another position in its column.
    public struct Move: Hashable, Sendable {
        public var card: Card
        public var fromColumn: String
        public var fromIndex: Int
        public var toColumn: String
        public var toIndex: Int
    }

    /// A card whose title, description or due date changed.
    public struct Edit: Hashable, Sendable {
        public var before: Card
        public var after: Card
        /// `title`, `description`, `due`.
        public var fields: [String]
    }

    public var added: [Card] = []
    public var removed: [Card] = []
    public var moved: [Move] = []
    public var edited: [Edit] = []

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && moved.isEmpty && edited.isEmpty }

    /// The changes to board `board` (by id) from `before` to `after`. A card counts as moved
    /// when its column or its own place (order key) changed, not when others moved around it.
    public init(board: BoardID, from before: KanbanState, to after: KanbanState) {
        func cards(of state: KanbanState) -> [(Card, String, Int)] {
            guard let board = state.boards[board] else { return [] }
            return board.columns.flatMap { id in
                state.cards(in: id).enumerated().map { ($0.element, state.columns[id]?.name ?? "?", $0.offset) }
            }
        }
        let old = cards(of: before)
        let new = cards(of: after)
        let oldByID = Dictionary(uniqueKeysWithValues: old.map { ($0.0.id, $0) })
        let newIDs = Set(new.map(\.0.id))
        for (card, column, index) in new {
            guard let (previous, oldColumn, oldIndex) = oldByID[card.id] else {
                added.append(card)
                continue
            }
            if previous.column != card.column || previous.key != card.key {
                moved.append(Move(card: card, fromColumn: oldColumn, fromIndex: oldIndex, toColumn: column, toIndex: index))
            }
            var fields: [String] = []
            if previous.title != card.title { fields.append("title") }
            if previous.description != card.description { fields.append("description") }
            if previous.due != card.due { fields.append("due") }
            if !fields.isEmpty { edited.append(Edit(before: previous, after: card, fields: fields)) }
        }
        removed = old.map(\.0).filter { !newIDs.contains($0.id) }
    }
}
