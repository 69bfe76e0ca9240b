extension Limits {
    /// A comment has 1–5,000 characters after trimming.
    public static let commentLength = 5_000
    /// A checklist item has 1–500 characters after trimming.
    public static let checklistItemLength = 500
    /// A link's address has at most 2,000 characters.
    public static let urlLength = 2_000
    /// A card holds at most this many checklist items, comments or links of each.
    public static let detailsPerCard = 1_000
    /// A column's work in progress limit is 1–999 cards.
    public static let columnLimits = 1...999

    /// The trimmed text of a comment or checklist item of at most `limit` characters.
    static func checkedText(_ text: String, _ what: String, limit: Int) throws(KanbanError) -> String {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { throw .invalidDetail("the \(what) is empty") }
        if exceeds(trimmed, limit) { throw .invalidDetail("the \(what) is \(trimmed.count) characters long; at most \(limit) are allowed") }
        return trimmed
    }

    /// The trimmed address of a link: `http://`, `https://` or `mailto:` and no spaces or
    /// control characters, at most ``urlLength`` characters.
    static func checkedURL(_ url: String) throws(KanbanError) -> String {
        let trimmed = url.trimmingWhitespace()
        let lower = trimmed.lowercased()
        guard ["http://", "https://", "mailto:"].contains(where: { lower.hasPrefix($0) && lower.count > $0.count }) else {
            throw .invalidDetail("'\(trimmed.prefix(80))' is not an http, https or mailto address")
        }
        if exceeds(trimmed, urlLength) { throw .invalidDetail("the address is \(trimmed.count) characters long; at most \(urlLength) are allowed") }
        if trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidDetail("an address holds no spaces or control characters")
        }
        return trimmed
    }

    /// A label colour: one of ``BoardLabel/colours``.
    static func checkedColour(_ colour: String) throws(KanbanError) -> String {
        let lower = colour.trimmingWhitespace().lowercased()
        let named = lower == "gray" ? "grey" : lower
        guard BoardLabel.colours.contains(named) else {
            throw .invalidDetail("'\(colour)' is not a label colour (\(BoardLabel.colours.joined(separator: ", ")))")
        }
        return named
    }
}
