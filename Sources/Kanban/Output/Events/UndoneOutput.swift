import KanbanCore

/// The `data` of an `undone` event (`kanban log --json`, `kanban undo --json`):
/// `{"target", "undid": {"kind", "data"}, "compensation": {"kind", "data"}}`.
public struct UndoneOutput: Codable, Sendable, Equatable {
    /// The sequence number of the event undone (an action, or a redo).
    public var target: UInt64
    /// What that event did.
    public var undid: EventPayloadOutput
    /// What this event does to the board.
    public var compensation: EventPayloadOutput

    public init(target: UInt64, undid: EventPayloadOutput, compensation: EventPayloadOutput) {
        self.target = target
        self.undid = undid
        self.compensation = compensation
    }

    /// The form of `event`.
    public init(event: Undone) {
        self.init(
            target: event.target, undid: EventPayloadOutput(payload: event.undid),
            compensation: EventPayloadOutput(payload: event.compensation)
        )
    }
}
