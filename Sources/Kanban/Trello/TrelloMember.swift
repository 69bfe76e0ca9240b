/// A Trello member, as `memberCreator` and the export's `members` give one.
struct TrelloMember: Decodable, Sendable {
    var id: String?
    var username: String?
    var fullName: String?

    /// The name the member's events are recorded under: the username, else the full name.
    var actorName: String? {
        for name in [username, fullName] {
            if let name, !name.trimmingWhitespaceAndNewlines().isEmpty { return name }
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespaceAndNewlines() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
