import Kanban
/// A label as a Trello export names it: an entry of its `labels` (a label the board offers, as
/// it is at the end), of a card's `labels` or `idLabels`, or an action's `data.label`. A label
/// object, or only its id (a string); older exports leave out the id.
struct TrelloLabel: Decodable, Sendable {
    var id: String?
    var name: String?
    /// Trello's colour name (`green`, `blue_dark`, …); `nil` for a label without colour.
    var color: String?

    init(id: String?, name: String?, color: String?) {
        self.id = id
        self.name = name
        self.color = color
    }

    /// The label an action's `data.label` describes.
    init(_ data: [String: TrelloValue]) {
        self.init(id: data["id"]?.string, name: data["name"]?.string, color: data["color"]?.string)
    }

    /// Whether it says more of the label than its id.
    var isDescribed: Bool { name != nil || color != nil }

    private enum CodingKeys: String, CodingKey {
        case id, name, color
    }

    init(from decoder: any Decoder) throws {
        if let id = try? decoder.singleValueContainer().decode(String.self) {
            self.init(id: id, name: nil, color: nil)
            return
        }
        // Anything else says nothing of a label, and is left out.
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            self.init(id: nil, name: nil, color: nil)
            return
        }
        self.init(
            id: try? container.decodeIfPresent(String.self, forKey: .id),
            name: try? container.decodeIfPresent(String.self, forKey: .name),
            color: try? container.decodeIfPresent(String.self, forKey: .color)
        )
    }
}
