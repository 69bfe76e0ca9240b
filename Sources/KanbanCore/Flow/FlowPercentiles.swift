/// The 50th, 85th and 95th percentiles of a set of durations, in milliseconds, by the
/// nearest-rank method: the p-th percentile of n sorted values is the value at rank ⌈p × n / 100⌉
/// (1-based), so it is always one of the values measured. `nil` when there are none.
public struct FlowPercentiles: Hashable, Sendable {
    public var p50: Int64?
    public var p85: Int64?
    public var p95: Int64?

    public init(p50: Int64?, p85: Int64?, p95: Int64?) {
        self.p50 = p50
        self.p85 = p85
        self.p95 = p95
    }

    /// The percentiles of `durations`, in any order.
    public init(of durations: [Int64]) {
        let sorted = durations.sorted()
        self.init(
            p50: FlowPercentiles.nearestRank(50, in: sorted),
            p85: FlowPercentiles.nearestRank(85, in: sorted),
            p95: FlowPercentiles.nearestRank(95, in: sorted)
        )
    }

    /// The `percent`-th percentile of `sorted` (ascending) by nearest rank; `nil` when empty.
    public static func nearestRank(_ percent: Int, in sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let rank = (percent * sorted.count + 99) / 100 // ⌈percent × n / 100⌉
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
