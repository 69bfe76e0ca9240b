/// One field an event changed, old and new, as text (`nil` for none).
public struct HistoryChange: Hashable, Sendable {
    /// `title`, `description`, `due`, `column`, `position` or `name`.
    public var field: String
    public var old: String?
    public var new: String?

    public init(field: String, old: String?, new: String?) {
        self.field = field
        self.old = old
        self.new = new
    }
}
