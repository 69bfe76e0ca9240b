import Kanban
extension String {
    /// The string without leading and trailing whitespace, as our commands trim a text (by the
    /// Unicode `White_Space` property): what a detail is checked as.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
