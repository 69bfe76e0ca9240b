import Kanban
/// What `kanban verify --json` prints: `{"events", "snapshots", "ok", "difference"}`,
/// `difference` `null` when everything agreed.
public struct VerifyOutput: Codable, Sendable, Equatable {
    /// Events decoded and replayed from the start.
    public var events: Int
    /// Snapshots compared with the replay.
    public var snapshots: Int
    /// Whether everything agreed.
    public var ok: Bool
    /// The first difference found.
    public var difference: String?

    public init(events: Int, snapshots: Int, ok: Bool, difference: String?) {
        self.events = events
        self.snapshots = snapshots
        self.ok = ok
        self.difference = difference
    }

    /// The form of `report`.
    public init(report: VerificationReport) {
        self.init(
            events: report.events, snapshots: report.snapshots,
            ok: report.firstDifference == nil, difference: report.firstDifference
        )
    }

    enum CodingKeys: String, CodingKey {
        case events, snapshots, ok, difference
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(events, forKey: .events)
        try container.encode(snapshots, forKey: .snapshots)
        try container.encode(ok, forKey: .ok)
        try container.encode(difference, forKey: .difference)  // `null` when everything agreed
    }
}
