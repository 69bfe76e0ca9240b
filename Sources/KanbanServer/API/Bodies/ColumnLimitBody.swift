/// `PUT …/columns/{column}/limit`: `{"limit", "strict"?}`, a whole number, or `null` to lift the
/// limit; `"strict": true` makes the column refuse cards over it (a strict limit needs a number).
/// The `limit` key is required: a body without it is a 400 rather than a limit lifted by accident.
struct ColumnLimitBody: Decodable, Sendable {
    var limit: Int?
    var strict: Bool

    enum CodingKeys: String, CodingKey {
        case limit, strict
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.limit) else {
            throw DecodingError.keyNotFound(CodingKeys.limit, DecodingError.Context(codingPath: [], debugDescription: "no limit"))
        }
        limit = try container.decodeNil(forKey: .limit) ? nil : try container.decode(Int.self, forKey: .limit)
        strict = try container.decodeIfPresent(Bool.self, forKey: .strict) ?? false
    }
}
