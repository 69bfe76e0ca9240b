import Kanban
import KanbanCore

/// What `kanban flow --json` prints, and `GET /api/boards/{board}/flow` answers:
/// `{"board", "columns", "days": [{"date", "counts"}], "cards": [{"id", "title", "completed",
/// "lead", "cycle", "inColumn"}], "summary": {"lead", "cycle", "throughputPerWeek", "wip"}}`.
///
/// Durations are in seconds (with milliseconds as decimals); counts and times per column are
/// objects keyed by the names in `columns`, which gives their order.
public struct FlowOutput: Codable, Sendable, Equatable {
    /// The board's name.
    public var board: String
    /// Column names, left to right, then removed columns the figures mention.
    public var columns: [String]
    /// Cards per column at the end of each local day.
    public var days: [FlowDayOutput]
    /// The cards that reached the last column, in the order they did.
    public var cards: [FlowCardOutput]
    public var summary: FlowSummaryOutput

    public init(board: String, columns: [String], days: [FlowDayOutput], cards: [FlowCardOutput], summary: FlowSummaryOutput) {
        self.board = board
        self.columns = columns
        self.days = days
        self.cards = cards
        self.summary = summary
    }

    /// The form of `report`.
    public init(report: FlowReport) {
        let columns = report.columns
        func keyed<Value>(_ values: [Value]) -> [String: Value] {
            Dictionary(zip(columns, values), uniquingKeysWith: { first, _ in first })
        }
        self.init(
            board: report.board,
            columns: columns,
            days: report.days.map { FlowDayOutput(date: $0.day.description, counts: keyed($0.counts)) },
            cards: report.cards.map { card in
                FlowCardOutput(
                    id: card.id.description, title: card.title, completed: card.completed.description,
                    lead: FlowOutput.seconds(card.lead), cycle: card.cycle.map(FlowOutput.seconds),
                    inColumn: keyed(card.inColumn.map(FlowOutput.seconds))
                )
            },
            summary: FlowSummaryOutput(
                lead: FlowPercentilesOutput(report.lead),
                cycle: FlowPercentilesOutput(report.cycle),
                throughputPerWeek: report.throughput.map { FlowWeekOutput(week: $0.week.description, done: $0.done) },
                wip: keyed(report.wip)
            )
        )
    }

    /// Milliseconds as seconds.
    static func seconds(_ milliseconds: Int64) -> Double {
        Double(milliseconds) / 1000
    }
}
