import Kanban
/// One of a card's `attachments` in a Trello export: an uploaded file (its `url` downloads it)
/// or a link.
struct TrelloAttachment: Decodable, Sendable {
    var id: String?
    var name: String?
    var url: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, url
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        url = try? container.decodeIfPresent(String.self, forKey: .url)
    }
}
