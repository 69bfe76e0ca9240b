import Kanban
/// One item of a checklist in a Trello export's `checklists`.
struct TrelloCheckItem: Decodable, Sendable {
    var id: String?
    var name: String?
    /// `complete` or `incomplete`.
    var state: String?
    var pos: Double?

    private enum CodingKeys: String, CodingKey {
        case id, name, state, pos
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        state = try? container.decodeIfPresent(String.self, forKey: .state)
        pos = (try? container.decodeIfPresent(TrelloValue.self, forKey: .pos))??.number
    }
}
