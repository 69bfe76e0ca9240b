/// `PUT …/labels/{name}`: `{"colour"}`, the label's colour.
struct ColourBody: Decodable, Sendable {
    var colour: String
}
