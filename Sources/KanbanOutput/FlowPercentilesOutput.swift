import Kanban
import KanbanCore

/// `{"p50", "p85", "p95"}` in seconds, by nearest rank; each `null` when no card has the figure.
public struct FlowPercentilesOutput: Codable, Sendable, Equatable {
    public var p50: Double?
    public var p85: Double?
    public var p95: Double?

    public init(p50: Double?, p85: Double?, p95: Double?) {
        self.p50 = p50
        self.p85 = p85
        self.p95 = p95
    }

    /// The form of `percentiles`.
    public init(_ percentiles: FlowPercentiles) {
        self.init(
            p50: percentiles.p50.map(FlowOutput.seconds),
            p85: percentiles.p85.map(FlowOutput.seconds),
            p95: percentiles.p95.map(FlowOutput.seconds)
        )
    }

    enum CodingKeys: String, CodingKey {
        case p50, p85, p95
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(p50, forKey: .p50) // `null`, not absent
        try container.encode(p85, forKey: .p85)
        try container.encode(p95, forKey: .p95)
    }
}
