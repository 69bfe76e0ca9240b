/// A card moved, to another column or within its own (a reorder). Indexes are 0-based and
/// `toIndex` counts the column without the moving card; `key` is its new place.
public struct CardMoved: Hashable, Sendable {
    public var card: CardID
    public var title: String
    public var from: ColumnID
    public var fromIndex: Int
    public var to: ColumnID
    public var toIndex: Int
    public var key: OrderKey

    public init(card: CardID, title: String, from: ColumnID, fromIndex: Int, to: ColumnID, toIndex: Int, key: OrderKey) {
        self.card = card
        self.title = title
        self.from = from
        self.fromIndex = fromIndex
        self.to = to
        self.toIndex = toIndex
        self.key = key
    }

    /// Whether the card stayed in its column.
    public var isReorder: Bool { from == to }
}
