import Kanban
/// One entry of a Trello export's `checklists`: a card's checklist with its items, as it is at
/// the end.
struct TrelloChecklist: Decodable, Sendable {
    var id: String?
    var name: String?
    var idCard: String?
    var pos: Double?
    var checkItems: [TrelloCheckItem]

    private enum CodingKeys: String, CodingKey {
        case id, name, idCard, pos, checkItems
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        idCard = try? container.decodeIfPresent(String.self, forKey: .idCard)
        pos = (try? container.decodeIfPresent(TrelloValue.self, forKey: .pos))??.number
        checkItems = (try? container.decodeIfPresent([TrelloCheckItem].self, forKey: .checkItems)) ?? []
    }
}
