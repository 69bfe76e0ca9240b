/// Throughput of one ISO week: how many cards first arrived in the last column during it.
public struct FlowWeek: Hashable, Sendable {
    public var week: ISOWeek
    public var done: Int

    public init(week: ISOWeek, done: Int) {
        self.week = week
        self.done = done
    }
}
