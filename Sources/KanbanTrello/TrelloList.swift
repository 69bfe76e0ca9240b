import Kanban
/// One entry of a Trello export's `lists`: a column, open or archived.
struct TrelloList: Decodable, Sendable {
    var id: String
    var name: String?
    var pos: Double?
    var closed: Bool?

    private enum CodingKeys: String, CodingKey {
        case id, name, pos, closed
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        pos = (try? container.decodeIfPresent(TrelloValue.self, forKey: .pos))??.number
        closed = try? container.decodeIfPresent(Bool.self, forKey: .closed)
    }
}
