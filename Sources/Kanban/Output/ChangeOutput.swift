/// A field's value before and after: `{"old", "new"}`, in history entries
/// (``HistoryEntryOutput``, `kanban history --json`) and card edits (``CardEditedOutput``,
/// `kanban log --json`). With an optional `Value`, none is `null`.
public struct ChangeOutput<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var old: Value
    public var new: Value

    public init(old: Value, new: Value) {
        self.old = old
        self.new = new
    }
}
