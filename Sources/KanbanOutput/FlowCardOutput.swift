import Kanban
/// One card of ``FlowOutput``: `{"id", "title", "completed", "lead", "cycle", "inColumn"}`, in
/// seconds; `cycle` is `null` for a card added straight into the last column.
public struct FlowCardOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    /// Its title as it was last.
    public var title: String
    /// When it first arrived in the last column, ISO 8601 in UTC.
    public var completed: String
    /// From its add to `completed`, in seconds.
    public var lead: Double
    /// From its first departure from the first column to `completed`, in seconds.
    public var cycle: Double?
    /// Seconds spent in each column (by name) up to the report's end.
    public var inColumn: [String: Double]

    public init(id: String, title: String, completed: String, lead: Double, cycle: Double?, inColumn: [String: Double]) {
        self.id = id
        self.title = title
        self.completed = completed
        self.lead = lead
        self.cycle = cycle
        self.inColumn = inColumn
    }

    enum CodingKeys: String, CodingKey {
        case id, title, completed, lead, cycle, inColumn
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(completed, forKey: .completed)
        try container.encode(lead, forKey: .lead)
        try container.encode(cycle, forKey: .cycle) // `null`, not absent, when there is none
        try container.encode(inColumn, forKey: .inColumn)
    }
}
