/// `PUT …/columns/{column}/limit`: `{"limit"}`, a whole number, or `null` to lift the limit. The
/// key is required: a body without it is a 400 rather than a limit lifted by accident.
struct ColumnLimitBody: Decodable, Sendable {
    var limit: Int?

    enum CodingKeys: String, CodingKey {
        case limit
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.limit) else {
            throw DecodingError.keyNotFound(CodingKeys.limit, DecodingError.Context(codingPath: [], debugDescription: "no limit"))
        }
        limit = try container.decodeNil(forKey: .limit) ? nil : try container.decode(Int.self, forKey: .limit)
    }
}
