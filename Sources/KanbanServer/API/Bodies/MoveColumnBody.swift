/// `POST …/columns/{column}/move`: `{"at"}`, the column's new 0-based place.
struct MoveColumnBody: Decodable, Sendable {
    var at: Int
}
