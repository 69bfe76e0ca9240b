/// One entry of a Trello export's `labels`: a label the board offers, as it is at the end.
struct TrelloLabel: Decodable, Sendable {
    var id: String?
    var name: String?
    /// Trello's colour name (`green`, `blue_dark`, …); `nil` for a label without colour.
    var color: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, color
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        color = try? container.decodeIfPresent(String.self, forKey: .color)
    }
}
