import Kanban
/// One side of ``UndoPreviewOutput`` (`kanban undo --list --json`): `{"sequence", "action"}`,
/// the event that would be reversed and what reversing it does, in words.
public struct UndoStepOutput: Codable, Sendable, Equatable {
    /// The event undo or redo would reverse.
    public var sequence: UInt64
    /// What it would do, in the imperative: "Move 'X' from TODO to DOING".
    public var action: String

    public init(sequence: UInt64, action: String) {
        self.sequence = sequence
        self.action = action
    }
}
