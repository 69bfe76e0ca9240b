/// The limits a command is checked against, counted in characters (grapheme clusters).
public enum Limits {
    /// A title has 1–200 characters after trimming.
    public static let titleLength = 200
    /// A description has at most 1,000 characters.
    public static let descriptionLength = 1000
    /// A board or column name has 1–50 characters after trimming.
    public static let nameLength = 50

    /// The trimmed title, or the reason it is not acceptable.
    public static func checkedTitle(_ title: String) throws(KanbanError) -> String {
        let trimmed = title.trimmingWhitespace()
        if trimmed.isEmpty { throw .emptyTitle }
        if trimmed.count > titleLength { throw .titleTooLong(length: trimmed.count) }
        return trimmed
    }

    /// The description, or the reason it is not acceptable.
    public static func checkedDescription(_ description: String) throws(KanbanError) -> String {
        if description.count > descriptionLength { throw .descriptionTooLong(length: description.count) }
        return description
    }

    /// The trimmed board or column name, or the reason it is not acceptable.
    public static func checkedName(_ name: String) throws(KanbanError) -> String {
        let trimmed = name.trimmingWhitespace()
        if trimmed.isEmpty { throw .emptyName }
        if trimmed.count > nameLength { throw .nameTooLong(length: trimmed.count) }
        return trimmed
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}
