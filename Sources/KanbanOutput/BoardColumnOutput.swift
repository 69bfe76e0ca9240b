import Kanban
import KanbanCore

/// One column of ``BoardOutput`` (`kanban board --json`): `{"name", "cards": […]}`, `limit`
/// when it has a work in progress limit, and `"strict": true` when that limit is strict (it
/// refuses cards over it).
public struct BoardColumnOutput: Codable, Sendable, Equatable {
    public var name: String
    /// Its cards, top to bottom.
    public var cards: [BoardCardOutput]
    /// Its work in progress limit; absent when it has none.
    public var limit: Int?
    /// `true` when its limit is strict; absent otherwise.
    public var strict: Bool?

    public init(name: String, cards: [BoardCardOutput], limit: Int? = nil, strict: Bool? = nil) {
        self.name = name
        self.cards = cards
        self.limit = limit
        self.strict = strict == true ? true : nil
    }

    /// The form of `view`.
    public init(view: BoardView.ColumnView) {
        name = view.name
        cards = view.cards.map(BoardCardOutput.init(view:))
        limit = view.limit
        strict = view.isStrict ? true : nil
    }
}
