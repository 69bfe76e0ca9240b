import Kanban
/// An entry undo or redo would drop (`kanban undo --list --json`, `undoDrops`/`redoDrops`):
/// `{"sequence", "action", "reason"}` — it cannot be undone (or redone) at all any more.
public struct UndoDropOutput: Codable, Sendable, Equatable {
    /// The entry's event.
    public var sequence: UInt64
    /// What undoing it would have done, in the imperative.
    public var action: String
    /// Why it cannot, such as "card 'Style buttons' no longer exists".
    public var reason: String

    public init(sequence: UInt64, action: String, reason: String) {
        self.sequence = sequence
        self.action = action
        self.reason = reason
    }
}
