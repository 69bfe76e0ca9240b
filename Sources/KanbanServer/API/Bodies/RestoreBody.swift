/// `POST …/restore`: `{"to"}`, a sequence number (number or string) or a date.
struct RestoreBody: Decodable, Sendable {
    var to: String

    enum CodingKeys: String, CodingKey {
        case to
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let sequence = try? container.decode(UInt64.self, forKey: .to) {
            to = String(sequence)
        } else {
            to = try container.decode(String.self, forKey: .to)
        }
    }
}
