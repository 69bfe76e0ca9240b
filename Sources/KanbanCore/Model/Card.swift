/// A card as it stands: where it is and what it says.
public struct Card: Hashable, Sendable {
    public var id: CardID
    /// The column it stands in.
    public var column: ColumnID
    /// Its place in the column.
    public var key: OrderKey
    /// 1–200 characters, trimmed.
    public var title: String
    /// At most 1,000 characters; may be empty.
    public var description: String
    public var due: Due?

    public init(id: CardID, column: ColumnID, key: OrderKey, title: String, description: String = "", due: Due? = nil) {
        self.id = id
        self.column = column
        self.key = key
        self.title = title
        self.description = description
        self.due = due
    }

    /// A card with no texts of its own, to hold a place while a real card is moved in or out
    /// without copying it (and retaining its texts).
    static let standIn = Card(id: CardID(Identifier(high: 0, low: 0)), column: ColumnID(Identifier(high: 0, low: 0)), key: OrderKey(integer: 0), title: "")

    /// Its entry in the column's order.
    public var slot: OrderedSlot { OrderedSlot(key: key, card: id) }
}
