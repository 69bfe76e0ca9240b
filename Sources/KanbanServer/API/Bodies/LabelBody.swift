/// `POST …/cards/{card}/labels`: `{"label"}`, the name of the label to put on the card.
struct LabelBody: Decodable, Sendable {
    var label: String
}
