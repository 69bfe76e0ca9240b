import KanbanCore

/// A link on a card: `{"id", "url", "name"}`.
public struct CardLinkOutput: Codable, Sendable, Equatable {
    public var id: String
    public var url: String
    public var name: String

    public init(_ link: CardLink) {
        id = link.id.description
        url = link.url
        name = link.name
    }
}
