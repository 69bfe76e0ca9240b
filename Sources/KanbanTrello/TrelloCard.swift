import Kanban
/// One entry of a Trello export's `cards`: a card as it is when the export was made.
struct TrelloCard: Decodable, Sendable {
    var id: String
    var name: String?
    var desc: String?
    var due: String?
    var idList: String?
    var pos: Double?
    var closed: Bool?
    var dateLastActivity: String?
    /// The members assigned, by id.
    var idMembers: [String]
    /// The labels it carries: its `idLabels` and its `labels`, each an id or a label object
    /// (older exports keep them only as objects in `labels`, the oldest with colour and name only).
    var labels: [TrelloLabel]
    /// Whether its due date is marked done.
    var dueComplete: Bool?
    var attachments: [TrelloAttachment]

    private enum CodingKeys: String, CodingKey {
        case id, name, desc, due, idList, pos, closed, dateLastActivity, idMembers, idLabels, labels, dueComplete, attachments
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        desc = try? container.decodeIfPresent(String.self, forKey: .desc)
        due = try? container.decodeIfPresent(String.self, forKey: .due)
        idList = try? container.decodeIfPresent(String.self, forKey: .idList)
        pos = (try? container.decodeIfPresent(TrelloValue.self, forKey: .pos))??.number
        closed = try? container.decodeIfPresent(Bool.self, forKey: .closed)
        dateLastActivity = try? container.decodeIfPresent(String.self, forKey: .dateLastActivity)
        idMembers = (try? container.decodeIfPresent(TrelloValue.self, forKey: .idMembers))??.strings ?? []
        let byID = (try? container.decodeIfPresent([TrelloLabel].self, forKey: .idLabels)) ?? []
        labels = byID + ((try? container.decodeIfPresent([TrelloLabel].self, forKey: .labels)) ?? [])
        dueComplete = try? container.decodeIfPresent(Bool.self, forKey: .dueComplete)
        attachments = (try? container.decodeIfPresent([TrelloAttachment].self, forKey: .attachments)) ?? []
    }
}
