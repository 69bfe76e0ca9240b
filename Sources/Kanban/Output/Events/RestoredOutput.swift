import KanbanCore

/// The `data` of a `restored` event (`kanban log --json`, `kanban restore --json`):
/// `{"sequence", "timestamp", "effects": [{"kind", "data"}]}`.
public struct RestoredOutput: Codable, Sendable, Equatable {
    /// The event the board was set back to.
    public var sequence: UInt64
    /// When that event happened, ISO 8601 in UTC.
    public var timestamp: String
    /// The changes that did it, in order.
    public var effects: [EventPayloadOutput]

    public init(sequence: UInt64, timestamp: String, effects: [EventPayloadOutput]) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.effects = effects
    }

    /// The form of `event`.
    public init(event: Restored) {
        self.init(sequence: event.sequence, timestamp: event.timestamp.description, effects: event.effects.map(EventPayloadOutput.init(payload:)))
    }
}
