import Kanban
/// The `summary` of ``FlowOutput``: `{"lead", "cycle", "throughputPerWeek", "wip"}`.
public struct FlowSummaryOutput: Codable, Sendable, Equatable {
    /// Percentiles of the cards' lead times, in seconds.
    public var lead: FlowPercentilesOutput
    /// Percentiles of the cards' cycle times, in seconds.
    public var cycle: FlowPercentilesOutput
    /// Cards that first arrived in the last column, per ISO week.
    public var throughputPerWeek: [FlowWeekOutput]
    /// Cards in each column (by name) at the end.
    public var wip: [String: Int]

    public init(lead: FlowPercentilesOutput, cycle: FlowPercentilesOutput, throughputPerWeek: [FlowWeekOutput], wip: [String: Int]) {
        self.lead = lead
        self.cycle = cycle
        self.throughputPerWeek = throughputPerWeek
        self.wip = wip
    }
}
