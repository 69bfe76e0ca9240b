/// The limits a command is checked against, counted in characters (grapheme clusters).
public enum Limits {
    /// A title has 1–200 characters after trimming.
    public static let titleLength = 200
    /// A description has at most 1,000 characters.
    public static let descriptionLength = 1000
    /// A board or column name has 1–50 characters after trimming.
    public static let nameLength = 50
    /// A log holds at most this many boards at once.
    public static let boards = 1_000
    /// A board has at most this many columns.
    public static let columnsPerBoard = 100
    /// A flow report covers at most this many days (ten years and some): its answer grows with
    /// days times columns.
    public static let reportDays: Int64 = 3_660

    /// The trimmed title, or the reason it is not acceptable.
    public static func checkedTitle(_ title: String) throws(KanbanError) -> String {
        let trimmed = title.trimmingWhitespace()
        if trimmed.isEmpty { throw .emptyTitle }
        if exceeds(trimmed, titleLength) { throw .titleTooLong(length: trimmed.count) }
        return trimmed
    }

    /// The description, or the reason it is not acceptable.
    public static func checkedDescription(_ description: String) throws(KanbanError) -> String {
        if exceeds(description, descriptionLength) { throw .descriptionTooLong(length: description.count) }
        return description
    }

    /// The trimmed board or column name, or the reason it is not acceptable.
    public static func checkedName(_ name: String) throws(KanbanError) -> String {
        let trimmed = name.trimmingWhitespace()
        if trimmed.isEmpty { throw .emptyName }
        if exceeds(trimmed, nameLength) { throw .nameTooLong(length: trimmed.count) }
        return trimmed
    }

    /// Whether `text` has more than `limit` characters. A character takes at least one UTF-8
    /// byte, so text of at most `limit` bytes is within it without counting graphemes.
    static func exceeds(_ text: String, _ limit: Int) -> Bool {
        text.utf8.count > limit && text.count > limit
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        // Most text has nothing to trim: check both ends before scanning.
        if let first = scalars.first, let last = scalars.last,
           !first.properties.isWhitespace, !last.properties.isWhitespace {
            return self
        }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}
