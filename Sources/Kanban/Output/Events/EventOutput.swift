import KanbanCore

/// One event as `kanban log --json` prints it, and as commands print what they appended with
/// `--json` (`move`, `edit`, `delete`, `undo`, `redo`, `restore`, `boards` and `columns` changes):
/// `{"sequence", "timestamp", "actor", "id", "board", "kind", "data"}`, and `"happenedAt"` for an
/// event that happened before it was appended (an imported history).
public struct EventOutput: Codable, Sendable, Equatable {
    /// Its place in the log, from 1.
    public var sequence: UInt64
    /// When it was appended, ISO 8601 in UTC.
    public var timestamp: String
    /// Who caused it.
    public var actor: String
    /// Its id, as a lowercase UUID.
    public var id: String
    /// The id of its board.
    public var board: String
    /// What it did: the `kind` and `data` keys.
    public var payload: EventPayloadOutput
    /// When it happened, ISO 8601 in UTC, when that is not when it was appended; else `nil`
    /// (and the key is left out).
    public var happenedAt: String?

    /// The form of `event`.
    public init(event: RecordedEvent) {
        sequence = event.sequence
        timestamp = event.timestamp.description
        actor = event.actor
        id = event.id.description
        board = event.board.description
        payload = EventPayloadOutput(payload: event.payload)
        happenedAt = event.happenedAt?.description
    }

    /// The event's kind.
    public var kind: EventKind { payload.kind }

    enum CodingKeys: String, CodingKey {
        case sequence, timestamp, happenedAt, actor, id, board, kind, data
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(UInt64.self, forKey: .sequence)
        timestamp = try container.decode(String.self, forKey: .timestamp)
        happenedAt = try container.decodeIfPresent(String.self, forKey: .happenedAt)
        actor = try container.decode(String.self, forKey: .actor)
        id = try container.decode(String.self, forKey: .id)
        board = try container.decode(String.self, forKey: .board)
        payload = try EventPayloadOutput.decode(from: container, kindKey: .kind, dataKey: .data)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encodeIfPresent(happenedAt, forKey: .happenedAt)
        try container.encode(actor, forKey: .actor)
        try container.encode(id, forKey: .id)
        try container.encode(board, forKey: .board)
        try payload.encode(to: &container, kindKey: .kind, dataKey: .data)
    }
}
