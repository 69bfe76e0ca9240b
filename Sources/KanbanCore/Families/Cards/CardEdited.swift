/// A card's title, description or due date changed. Only the fields that changed carry a
/// ``Change``; `title` is the title after the edit, so a history line renders alone.
public struct CardEdited: Hashable, Sendable {
    public var card: CardID
    public var title: String
    public var titleChange: Change<String>?
    public var descriptionChange: Change<String>?
    public var dueChange: Change<Due?>?

    public init(
        card: CardID,
        title: String,
        titleChange: Change<String>? = nil,
        descriptionChange: Change<String>? = nil,
        dueChange: Change<Due?>? = nil
    ) {
        self.card = card
        self.title = title
        self.titleChange = titleChange
        self.descriptionChange = descriptionChange
        self.dueChange = dueChange
    }
}
