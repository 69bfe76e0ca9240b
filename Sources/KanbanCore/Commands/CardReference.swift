/// A card as someone names it: its whole id or a prefix of it, compared case-insensitively and
/// without surrounding whitespace, as ``KanbanState/card(matching:on:)`` reads it.
public struct CardReference: Hashable, Sendable {
    /// The text as given.
    public let text: String
    /// The text trimmed and lowercased.
    let prefix: String
    /// The card, when the text is a whole id.
    public let id: CardID?

    public init(_ text: String) {
        self.text = text
        prefix = text.trimmingWhitespace().lowercased()
        id = Identifier(prefix).map(CardID.init)
    }

    /// Whether the text names no card at all (it is empty once trimmed).
    public var isEmpty: Bool { prefix.isEmpty }

    /// Whether `card` is the card named, or one of those whose id starts with the text.
    public func matches(_ card: CardID) -> Bool {
        if let id { return card == id }
        return !prefix.isEmpty && card.description.hasPrefix(prefix)
    }
}
