import KanbanCore

/// The `data` of a `redone` event (`kanban log --json`, `kanban redo --json`):
/// `{"target", "redid": {"kind", "data"}, "effect": {"kind", "data"}}`.
public struct RedoneOutput: Codable, Sendable, Equatable {
    /// The sequence number of the undo reversed.
    public var target: UInt64
    /// The action that undo had undone.
    public var redid: EventPayloadOutput
    /// What this event does to the board.
    public var effect: EventPayloadOutput

    public init(target: UInt64, redid: EventPayloadOutput, effect: EventPayloadOutput) {
        self.target = target
        self.redid = redid
        self.effect = effect
    }

    /// The form of `event`.
    public init(event: Redone) {
        self.init(target: event.target, redid: EventPayloadOutput(payload: event.redid), effect: EventPayloadOutput(payload: event.effect))
    }
}
