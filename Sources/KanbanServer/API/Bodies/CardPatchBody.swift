/// `PATCH /api/boards/{board}/cards/{card}`: `{"title"?, "description"?, "due"?}`; a field left
/// out stays as it is, `"due": null` clears the due date.
struct CardPatchBody: Decodable, Sendable {
    var title: String?
    var description: String?
    /// `nil`: leave the due date; `.some(nil)`: clear it; `.some(text)`: set it.
    var due: String??

    enum CodingKeys: String, CodingKey {
        case title, description, due
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        if container.contains(.due) {
            due = .some(try container.decodeNil(forKey: .due) ? nil : try container.decode(String.self, forKey: .due))
        } else {
            due = nil
        }
    }
}
