/// `PATCH /api/boards/{board}/cards/{card}`: `{"title"?, "description"?, "due"?, "since"?}`; a
/// field left out stays as it is, `"due": null` clears the due date. With `since` (the sequence
/// of the board the values were read from), a field someone else changed after it is a 409.
struct CardPatchBody: Decodable, Sendable {
    var title: String?
    var description: String?
    /// `nil`: leave the due date; `.some(nil)`: clear it; `.some(text)`: set it.
    var due: String??
    /// The sequence the editor read the card at.
    var since: UInt64?

    enum CodingKeys: String, CodingKey {
        case title, description, due, since
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        since = try container.decodeIfPresent(UInt64.self, forKey: .since)
        if container.contains(.due) {
            due = .some(try container.decodeNil(forKey: .due) ? nil : try container.decode(String.self, forKey: .due))
        } else {
            due = nil
        }
    }
}
