import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// `kanban flow --json`: the shape, durations in seconds, `null` where a figure is absent.
struct FlowOutputTests {
    @Test("FlowOutput: {board, columns, days, cards, summary} with counts and times keyed by column name")
    func flow() throws {
        let report = FlowReport(
            board: "main",
            columns: ["TODO", "DONE"],
            days: [FlowDay(day: CalendarDay(year: 2026, month: 3, day: 1)!, counts: [1, 2])],
            cards: [
                FlowCard(
                    id: Sample.card, title: "Ship", added: Sample.moment,
                    completed: Timestamp(millisecondsSinceEpoch: Sample.moment.millisecondsSinceEpoch + 90_500),
                    lead: 90_500, cycle: nil, inColumn: [90_500, 1000]
                ),
            ],
            lead: FlowPercentiles(p50: 90_500, p85: 90_500, p95: 90_500),
            cycle: FlowPercentiles(of: []),
            throughput: [FlowWeek(week: ISOWeek(year: 2026, week: 9), done: 2)],
            wip: [1, 2]
        )
        try expectJSON(FlowOutput(report: report), [
            "board": "main",
            "columns": ["TODO", "DONE"],
            "days": [["date": "2026-03-01", "counts": ["TODO": 1, "DONE": 2]]],
            "cards": [[
                "id": .string(Sample.text(4)), "title": "Ship", "completed": "2027-01-15T08:01:30.500Z",
                "lead": .number(90.5), "cycle": .null, "inColumn": ["TODO": .number(90.5), "DONE": 1],
            ]],
            "summary": [
                "lead": ["p50": .number(90.5), "p85": .number(90.5), "p95": .number(90.5)],
                "cycle": ["p50": .null, "p85": .null, "p95": .null],
                "throughputPerWeek": [["week": "2026-W09", "done": 2]],
                "wip": ["TODO": 1, "DONE": 2],
            ],
        ])
    }
}
