/// One calendar day of the cumulative flow: how many cards stood in each column at its end.
public struct FlowDay: Hashable, Sendable {
    /// The local day.
    public var day: CalendarDay
    /// Cards per column at the day's end, in the order of ``FlowReport/columns``.
    public var counts: [Int]

    public init(day: CalendarDay, counts: [Int]) {
        self.day = day
        self.counts = counts
    }
}
