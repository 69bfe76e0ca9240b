/// Something a card carries besides its title, description and due date changed (see
/// ``CardDetailEdit``); `title` is the card's title then, so a history line renders alone.
public struct CardDetailChanged: Hashable, Sendable {
    public var card: CardID
    public var title: String
    public var edit: CardDetailEdit

    public init(card: CardID, title: String, edit: CardDetailEdit) {
        self.card = card
        self.title = title
        self.edit = edit
    }
}
