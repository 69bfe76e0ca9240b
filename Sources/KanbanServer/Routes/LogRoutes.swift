import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import KanbanOutput

/// Reads across boards: `/api/log` and `/api/stats` (server administrators only:
/// ``BoardAccessMiddleware``) and `/api/due` (the boards one may read).
struct LogRoutes {
    let engine: KanbanEngine

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("log") { request, _ in
            let query = QueryValues(request: request)
            let after: UInt64 = try query.integer("after") ?? 0
            let limit = try ListPage.limit(of: request)
            let events = try engine.events(after: after, limit: limit)
            let response = try JSONResponse.make(events.map(EventOutput.init(event:)))
            return ListPage.linkingNext(response, request: request, count: events.count, limit: limit, cursor: "after", value: events.last?.sequence)
        }
        api.get("stats") { _, _ in try JSONResponse.make(StatsOutput(statistics: try engine.statistics())) }
        api.get("due") { request, context in
            let window = try Self.window(QueryValues(request: request).text("within") ?? "24h")
            return try JSONResponse.make(try dueCards(within: window, for: context.principal))
        }
    }

    /// The cards of every board due before now + `window` or overdue, soonest first; cards in
    /// a board's last column, and cards whose due date is marked done, are done and left out.
    /// Only the boards `principal` may read.
    private func dueCards(within window: Int64, for principal: Principal) throws -> [DueCardOutput] {
        let now = Timestamp.now()
        let today = now.day(in: .current)
        let horizon = Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch.addingReportingOverflow(window).partialValue)
        let due: [(Timestamp, DueCardOutput)] = try engine.withState { state in
            state.readableBoards(as: principal).compactMap { state.boards[$0] }.flatMap { board in
                state.view(of: board, now: now, today: today).columns.dropLast().flatMap { column in
                    column.cards.compactMap { card -> (Timestamp, DueCardOutput)? in
                        guard let due = card.card.due, card.details?.dueDone != true, card.isOverdue || due.start <= horizon else { return nil }
                        return (due.start, DueCardOutput(
                            board: board.name, column: column.name, id: card.card.id.description, title: card.card.title,
                            due: due.description, overdue: card.isOverdue
                        ))
                    }
                }
            }
        }
        return due.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `within` (`90m`, `24h`, `7d`, `2w`) in milliseconds.
    static func window(_ text: String) throws -> Int64 {
        let units: [Character: Int64] = ["m": 60_000, "h": 3_600_000, "d": 86_400_000, "w": 604_800_000]
        let number = text.dropLast()
        guard let unit = text.last.flatMap({ units[$0] }), number.count <= 5, number.isASCIIDigits,
              let count = Int64(number), (0...10_000).contains(count) else {
            throw APIError(.badRequest, "'within' must be a number and a unit (m, h, d or w), such as 24h, not '\(text)'")
        }
        return count * unit
    }
}
