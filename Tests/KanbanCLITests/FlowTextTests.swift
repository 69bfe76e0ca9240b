@testable import KanbanCLI
import KanbanCore
import Testing

/// The text form of `kanban flow`: durations in two units, a long throughput cut to its last weeks.
struct FlowTextTests {
    @Test("Durations in their two largest units", arguments: [
        (0, "0s"), (999, "0s"), (12_000, "12s"), (65_000, "1m 5s"), (3_600_000, "1h"), (12_000_000, "3h 20m"),
        (86_400_000, "1d"), (183_600_000, "2d 3h"), (-5, "0s"), (Int64.max, "106751991167d 7h"),
    ] as [(Int64, String)])
    func duration(milliseconds: Int64, text: String) {
        #expect(FlowText.duration(milliseconds) == text)
    }

    @Test("Over more than eight weeks, the throughput line gives the weekly average and the last eight")
    func longThroughput() {
        let weeks = (1...10).map { FlowWeek(week: ISOWeek(year: 2026, week: $0), done: $0 == 10 ? 4 : 1) }
        let report = FlowReport(
            board: "main", columns: ["TODO", "DONE"], days: [], cards: [],
            lead: FlowPercentiles(of: []), cycle: FlowPercentiles(of: []), throughput: weeks, wip: [0, 0]
        )
        let lines = FlowText.text(for: report).split(separator: "\n").map(String.init)
        #expect(lines.contains(
            "Throughput: 1.3 a week over 10 weeks; the last 8: 2026-W03 1, 2026-W04 1, 2026-W05 1, 2026-W06 1, 2026-W07 1, 2026-W08 1, 2026-W09 1, 2026-W10 4"
        ))
        #expect(lines.first == "main: no days in this window")
    }
}
