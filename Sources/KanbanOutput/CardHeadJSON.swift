/// The keys every JSON form of a card starts with, `due` `null` (not absent) when there is
/// none: ``BoardCardOutput`` and ``CardDetailsOutput`` write these, then their own keys into
/// the same object.
struct CardHeadJSON: Encodable {
    var id: String
    var title: String
    var description: String
    var due: String?
    var overdue: Bool

    enum CodingKeys: String, CodingKey {
        case id, title, description, due, overdue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(due, forKey: .due)  // `null`, not absent, when there is none
        try container.encode(overdue, forKey: .overdue)
    }
}
