import Kanban
/// One day of ``FlowOutput``: `{"date": "2026-03-01", "counts": {"TODO": 3, …}}`, the cards in
/// each column at the end of that local day.
public struct FlowDayOutput: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    /// Cards per column name.
    public var counts: [String: Int]

    public init(date: String, counts: [String: Int]) {
        self.date = date
        self.counts = counts
    }
}
