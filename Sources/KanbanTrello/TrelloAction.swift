import Kanban
/// One entry of a Trello export's `actions`: who did what, when.
struct TrelloAction: Decodable, Sendable {
    var id: String
    var type: String
    var date: String
    var idMemberCreator: String?
    var memberCreator: TrelloMember?
    /// The member an action adds to or removes from a card or the board.
    var member: TrelloMember?
    var data: TrelloActionData?

    private enum CodingKeys: String, CodingKey {
        case id, type, date, idMemberCreator, memberCreator, member, data
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        date = try container.decode(String.self, forKey: .date)
        idMemberCreator = try? container.decodeIfPresent(String.self, forKey: .idMemberCreator)
        memberCreator = try? container.decodeIfPresent(TrelloMember.self, forKey: .memberCreator)
        member = try? container.decodeIfPresent(TrelloMember.self, forKey: .member)
        // An action whose data is not an object is still counted, never read.
        data = try? container.decodeIfPresent(TrelloActionData.self, forKey: .data)
    }
}
