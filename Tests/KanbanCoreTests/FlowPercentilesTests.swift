import KanbanCore
import Testing

/// Percentiles by nearest rank: always one of the values, rank ⌈p × n / 100⌉.
struct FlowPercentilesTests {
    @Test("Nearest rank on known tables", arguments: [
        ([Int64](1...20), FlowPercentiles(p50: 10, p85: 17, p95: 19)),
        ([Int64](1...100), FlowPercentiles(p50: 50, p85: 85, p95: 95)),
        ([5], FlowPercentiles(p50: 5, p85: 5, p95: 5)),
        ([9, 1], FlowPercentiles(p50: 1, p85: 9, p95: 9)),
        ([3, 1, 2], FlowPercentiles(p50: 2, p85: 3, p95: 3)),
        ([], FlowPercentiles(p50: nil, p85: nil, p95: nil)),
        ([.max, .min, 0], FlowPercentiles(p50: 0, p85: .max, p95: .max)),
    ])
    func nearestRank(values: [Int64], expected: FlowPercentiles) {
        #expect(FlowPercentiles(of: values) == expected)
        #expect(FlowPercentiles(of: values.reversed()) == expected)
    }
}
