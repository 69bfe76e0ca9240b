import Kanban
import KanbanCore

/// One entry of `kanban history --json`:
/// `{"sequence", "time", "actor", "kind", "card", "line", "changes"}`, `card` `null` for board
/// and column events, `changes` `{"title": {"old": …, "new": …}, …}` (an empty object for none);
/// `time` is when it happened, and `"recorded"`, when it was appended, is added when that differs
/// (an imported history).
public struct HistoryEntryOutput: Codable, Sendable, Equatable {
    /// The event's sequence number.
    public var sequence: UInt64
    /// When it happened, ISO 8601 in UTC.
    public var time: String
    public var actor: String
    /// The event's kind, such as `cardMoved`.
    public var kind: String
    /// The card concerned, as a lowercase UUID.
    public var card: String?
    /// The sentence, such as "Moved 'X' from TODO to DOING."
    public var line: String
    /// The fields that changed, by name (`title`, `description`, `due`, `column`, `position`, `name`).
    public var changes: [String: ChangeOutput<String?>]
    /// When it was appended, ISO 8601 in UTC, when that is not `time`; else `nil` (the key is left out).
    public var recorded: String?

    public init(
        sequence: UInt64, time: String, actor: String, kind: String, card: String?, line: String,
        changes: [String: ChangeOutput<String?>], recorded: String? = nil
    ) {
        self.sequence = sequence
        self.time = time
        self.actor = actor
        self.kind = kind
        self.card = card
        self.line = line
        self.changes = changes
        self.recorded = recorded
    }

    /// The form of `entry`. A field named twice keeps its last change.
    public init(entry: HistoryEntry) {
        self.init(
            sequence: entry.sequence, time: entry.timestamp.description, actor: entry.actor, kind: entry.kind.name,
            card: entry.card?.description, line: entry.line,
            changes: Dictionary(
                entry.changes.map { ($0.field, ChangeOutput(old: $0.old, new: $0.new)) },
                uniquingKeysWith: { _, last in last }
            ),
            recorded: entry.recorded?.description
        )
    }

    enum CodingKeys: String, CodingKey {
        case sequence, time, recorded, actor, kind, card, line, changes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(time, forKey: .time)
        try container.encodeIfPresent(recorded, forKey: .recorded)
        try container.encode(actor, forKey: .actor)
        try container.encode(kind, forKey: .kind)
        try container.encode(card, forKey: .card)  // `null` for board and column events
        try container.encode(line, forKey: .line)
        try container.encode(changes, forKey: .changes)
    }
}
