/// Flow metrics of one board, folded from its log by ``FlowBuilder``: the cumulative flow day
/// by day, lead and cycle times of the cards that reached the last column, their percentiles,
/// throughput per week and the work in progress at the end. Durations are in milliseconds.
public struct FlowReport: Hashable, Sendable {
    /// The board's name at the end.
    public var board: String
    /// Column names: the board's columns left to right as they are at the end, then removed
    /// columns the figures mention, each under the name it had when it was removed (made unique
    /// with " (removed)" when a live column took it). Every per-column array follows this order.
    public var columns: [String]
    /// Every local day from the board's first (or `since`) to the report's end.
    public var days: [FlowDay]
    /// Cards that first arrived in the last column in the window, in the order they did.
    public var cards: [FlowCard]
    /// Percentiles of `cards`' lead times.
    public var lead: FlowPercentiles
    /// Percentiles of `cards`' cycle times (cards without one left out).
    public var cycle: FlowPercentiles
    /// Every ISO week the days touch, with the cards that first arrived in the last column then.
    public var throughput: [FlowWeek]
    /// Cards in each column at the report's end.
    public var wip: [Int]

    public init(
        board: String, columns: [String], days: [FlowDay], cards: [FlowCard],
        lead: FlowPercentiles, cycle: FlowPercentiles, throughput: [FlowWeek], wip: [Int]
    ) {
        self.board = board
        self.columns = columns
        self.days = days
        self.cards = cards
        self.lead = lead
        self.cycle = cycle
        self.throughput = throughput
        self.wip = wip
    }
}
